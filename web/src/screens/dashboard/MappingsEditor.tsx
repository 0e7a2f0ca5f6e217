import { FormEvent, useState } from 'react';
import { useCanWrite } from '../../api/queries/useMe';
import { SourceMapping, useSaveMappings, useSourceMappings } from '../../api/queries/useMappings';
import { ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { t } from '../../i18n';

type Draft = { raw: string; source_value: string; campaign_name: string };

const toDraft = (mapping: SourceMapping): Draft => ({ ...mapping, campaign_name: mapping.campaign_name ?? '' });

/** Raw `/start` values mapped to one source and campaign; saving replaces the whole set (PUT). */
export function MappingsEditor({ botId }: { botId: string }) {
  return (
    <details className="mappings">
      <summary>{t('mappings.title')}</summary>
      <p className="muted">{t('mappings.hint')}</p>
      <QueryState query={useSourceMappings(botId)}>
        {({ data }) => <MappingsForm botId={botId} saved={data} />}
      </QueryState>
    </details>
  );
}

/** The rows start as saved and stay as edited: reading the rules again does not overwrite unsaved changes. */
function MappingsForm({ botId, saved }: { botId: string; saved: SourceMapping[] }) {
  const canWrite = useCanWrite();
  const save = useSaveMappings(botId);
  const [rows, setRows] = useState<Draft[]>(() => saved.map(toDraft));

  const change = (index: number, field: keyof Draft, value: string) => {
    save.reset();
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      rows.map((row) => ({
        raw: row.raw.trim(),
        source_value: row.source_value.trim(),
        campaign_name: row.campaign_name.trim() || null,
      })),
      { onSuccess: (answer) => setRows(answer.data.map(toDraft)) },
    );
  };

  return (
    <form onSubmit={submit} className="stack">
      {rows.length === 0 && <p className="muted">{t('mappings.empty')}</p>}
      {rows.map((row, index) => (
        <fieldset key={index} className="mapping-row">
          <legend className="visually-hidden">{`${t('mappings.raw')} ${index + 1}`}</legend>
          <label>
            <span>{t('mappings.raw')}</span>
            <input
              value={row.raw}
              onChange={(e) => change(index, 'raw', e.target.value)}
              required
              maxLength={64}
              readOnly={!canWrite}
            />
          </label>
          <label>
            <span>{t('mappings.source')}</span>
            <input
              value={row.source_value}
              onChange={(e) => change(index, 'source_value', e.target.value)}
              required
              maxLength={64}
              readOnly={!canWrite}
            />
          </label>
          <label>
            <span>{t('mappings.campaign')}</span>
            <input
              value={row.campaign_name}
              onChange={(e) => change(index, 'campaign_name', e.target.value)}
              maxLength={128}
              readOnly={!canWrite}
            />
          </label>
          {canWrite && (
            <button
              type="button"
              className="button-secondary"
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            >
              {t('mappings.remove')}
            </button>
          )}
        </fieldset>
      ))}
      <ErrorMessage error={save.error} />
      {save.isSuccess && <Notice>{t('mappings.saved')}</Notice>}
      {canWrite && (
        <div className="row">
          <button
            type="button"
            className="button-secondary"
            onClick={() => setRows([...rows, { raw: '', source_value: '', campaign_name: '' }])}
          >
            {t('mappings.add')}
          </button>
          <button type="submit" disabled={save.isPending}>
            {t('mappings.save')}
          </button>
        </div>
      )}
    </form>
  );
}
