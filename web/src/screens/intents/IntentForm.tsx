import { FormEvent, useId, useState } from 'react';
import { Intent, IntentInput, useCreateIntent, useUpdateIntent } from '../../api/queries/useIntents';
import { ChipsInput } from '../../components/ChipsInput';
import { ErrorMessage, FieldError } from '../../components/feedback';
import { t } from '../../i18n';
import { placeOfIntentError } from './intentErrors';

const DEFAULT_COLOR = '#3b5bdb';

interface Draft {
  name: string;
  description: string;
  color: string;
  is_active: boolean;
  keywords: string[];
  patterns: string[];
}

const draftOf = (intent?: Intent): Draft =>
  intent
    ? {
        name: intent.name,
        description: intent.description,
        color: intent.color,
        is_active: intent.is_active,
        keywords: intent.keywords,
        patterns: intent.patterns,
      }
    : { name: '', description: '', color: DEFAULT_COLOR, is_active: true, keywords: [], patterns: [] };

/** Creates an intent, or edits one when `intent` is given. The service's refusal is shown at the field it names. */
export function IntentForm({
  botId,
  intent,
  onDone,
}: {
  botId: string;
  intent?: Intent;
  onDone: (saved: Intent) => void;
}) {
  const create = useCreateIntent(botId);
  const update = useUpdateIntent(botId, intent?.id ?? '');
  const save = intent ? update : create;
  const [draft, setDraft] = useState<Draft>(() => draftOf(intent));
  // Empty pattern rows are not sent; the service's `patterns[i]` counts the sent ones, so each sent index remembers its row.
  const [sentRows, setSentRows] = useState<number[]>([]);
  const ids = { name: useId(), description: useId(), color: useId(), patterns: useId() };

  const change = (patch: Partial<Draft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rows = draft.patterns
      .map((pattern, row) => ({ pattern, row }))
      .filter(({ pattern }) => pattern.trim() !== '');
    setSentRows(rows.map(({ row }) => row));
    const body: IntentInput = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      color: draft.color,
      is_active: draft.is_active,
      keywords: draft.keywords,
      patterns: rows.map(({ pattern }) => pattern),
    };
    save.mutate(body, { onSuccess: onDone });
  };

  const place = save.error ? placeOfIntentError(save.error) : null;
  const errorAt = (field: string) =>
    place && place.field === field && save.error instanceof Error ? save.error.message : null;
  const patternErrorRow = place?.field === 'pattern' ? sentRows[place.index] : undefined;

  return (
    <form className="stack intent-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.name}>{t('intents.form.name')}</label>
          <input
            id={ids.name}
            value={draft.name}
            required
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={errorAt('name') ? true : undefined}
            aria-describedby={`${ids.name}-hint${errorAt('name') ? ` ${ids.name}-error` : ''}`}
            onChange={(event) => change({ name: event.target.value })}
          />
          <p className="hint" id={`${ids.name}-hint`}>
            {t('intents.form.nameHint')}
          </p>
          <FieldError id={`${ids.name}-error`} message={errorAt('name')} />
        </div>
        <div className="field field-color">
          <label htmlFor={ids.color}>{t('intents.form.color')}</label>
          <input
            id={ids.color}
            type="color"
            value={draft.color}
            onChange={(event) => change({ color: event.target.value })}
          />
          <FieldError id={`${ids.color}-error`} message={errorAt('color')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{t('intents.form.description')}</label>
        <input
          id={ids.description}
          value={draft.description}
          maxLength={500}
          aria-invalid={errorAt('description') ? true : undefined}
          onChange={(event) => change({ description: event.target.value })}
        />
        <FieldError id={`${ids.description}-error`} message={errorAt('description')} />
      </div>
      <ChipsInput
        label={t('intents.form.keywords')}
        hint={t('intents.form.keywordsHint')}
        values={draft.keywords}
        maxLength={100}
        error={errorAt('keywords')}
        onChange={(keywords) => change({ keywords })}
      />
      <fieldset className="field patterns" aria-describedby={`${ids.patterns}-hint`}>
        <legend>{t('intents.form.patterns')}</legend>
        {draft.patterns.map((pattern, row) => (
          <PatternRow
            key={row}
            row={row}
            value={pattern}
            error={row === patternErrorRow && save.error instanceof Error ? save.error.message : null}
            onChange={(value) => change({ patterns: draft.patterns.map((p, i) => (i === row ? value : p)) })}
            onRemove={() => change({ patterns: draft.patterns.filter((_, i) => i !== row) })}
          />
        ))}
        <p className="hint" id={`${ids.patterns}-hint`}>
          {t('intents.form.patternsHint')}
        </p>
        <FieldError id={`${ids.patterns}-error`} message={errorAt('patterns')} />
        <div>
          <button
            type="button"
            className="button-secondary"
            onClick={() => change({ patterns: [...draft.patterns, ''] })}
            disabled={draft.patterns.length >= 50}
          >
            {t('intents.form.addPattern')}
          </button>
        </div>
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(event) => change({ is_active: event.target.checked })}
        />
        {t('intents.form.active')}
      </label>
      {place?.field === 'form' && <ErrorMessage error={save.error} />}
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {intent ? t('intents.form.save') : t('intents.form.create')}
        </button>
      </div>
    </form>
  );
}

function PatternRow({
  row,
  value,
  error,
  onChange,
  onRemove,
}: {
  row: number;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const label = t('intents.form.pattern', { n: row + 1 });
  return (
    <div className="pattern-row">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="mono"
        value={value}
        maxLength={500}
        spellCheck={false}
        autoComplete="off"
        placeholder="(?i)\bзаказ\s*№?\d+"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className="button-secondary"
        aria-label={t('intents.form.removePattern', { n: row + 1 })}
        onClick={onRemove}
      >
        ×
      </button>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
