import { FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { FunnelStage, useSaveFunnel } from '../../api/queries/useFunnel';
import { ErrorMessage, Notice } from '../../components/feedback';
import { t } from '../../i18n';
import { MAX_STAGES, moveStage, newStage, StageDraft, stageOfError, toDrafts, toStages } from './stages';

/** An empty funnel starts with the stage nearly every funnel has. */
const starter = () => [newStage({ name: t('funnel.starterName'), type: 'command', value: '/start' })];

/** 1–20 stages: name, condition (text exact/contains, command, intent), reordered with ↑ ↓; saving replaces the funnel. */
export function StageBuilder({ botId, stages, intents }: { botId: string; stages: FunnelStage[]; intents: string[] }) {
  const save = useSaveFunnel(botId);
  const [drafts, setDrafts] = useState<StageDraft[]>(() => (stages.length ? toDrafts(stages) : starter()));

  const edit = (next: StageDraft[]) => {
    save.reset();
    setDrafts(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(toStages(drafts));
  };
  const message = save.error instanceof ApiError ? save.error.message : null;
  const failedStage = message ? stageOfError(message) : null;

  return (
    <section className="card" aria-labelledby="stages-title">
      <h2 id="stages-title">{t('funnel.stages')}</h2>
      <p className="muted">{t('funnel.stagesHint')}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <ol className="stage-list">
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <StageRow
                draft={draft}
                index={index}
                count={drafts.length}
                intents={intents}
                error={index === failedStage ? message : null}
                onChange={(patch) => edit(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)))}
                onMove={(by) => edit(moveStage(drafts, index, by))}
                onRemove={() => edit(drafts.filter((_, i) => i !== index))}
              />
            </li>
          ))}
        </ol>
        {failedStage === null && <ErrorMessage error={save.error} />}
        {save.isSuccess && <Notice>{t('funnel.saved')}</Notice>}
        <div className="row">
          <button
            type="button"
            className="button-secondary"
            disabled={drafts.length >= MAX_STAGES}
            onClick={() => edit([...drafts, newStage()])}
          >
            {t('funnel.addStage')}
          </button>
          <button type="submit" disabled={save.isPending || drafts.length === 0}>
            {t('funnel.save')}
          </button>
        </div>
        {drafts.length >= MAX_STAGES && <p className="hint">{t('funnel.maxStages', { max: MAX_STAGES })}</p>}
      </form>
    </section>
  );
}

function StageRow({
  draft,
  index,
  count,
  intents,
  error,
  onChange,
  onMove,
  onRemove,
}: {
  draft: StageDraft;
  index: number;
  count: number;
  intents: string[];
  error: string | null;
  onChange: (patch: Partial<StageDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const n = index + 1;
  const intentChoices = draft.value && !intents.includes(draft.value) ? [draft.value, ...intents] : intents;
  return (
    <fieldset className="stage-row" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('funnel.stage', { n })}</legend>
      <div className="stage-field">
        <label htmlFor={`${id}-name`}>{t('funnel.stageName')}</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          maxLength={100}
          required
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </div>
      <div className="stage-field">
        <label htmlFor={`${id}-type`}>{t('funnel.condition')}</label>
        <select
          id={`${id}-type`}
          value={draft.type}
          onChange={(event) => onChange({ type: event.target.value as StageDraft['type'], value: '' })}
        >
          <option value="text">{t('funnel.type.text')}</option>
          <option value="command">{t('funnel.type.command')}</option>
          <option value="intent">{t('funnel.type.intent')}</option>
          <option value="button">{t('funnel.type.button')}</option>
        </select>
      </div>
      {(draft.type === 'text' || draft.type === 'button') && (
        <div className="stage-field">
          <label htmlFor={`${id}-match`}>{t('funnel.match')}</label>
          <select
            id={`${id}-match`}
            value={draft.match}
            onChange={(event) => onChange({ match: event.target.value as StageDraft['match'] })}
          >
            <option value="exact">{t('funnel.match.exact')}</option>
            <option value="contains">{t('funnel.match.contains')}</option>
          </select>
        </div>
      )}
      {draft.type === 'intent' ? (
        <div className="stage-field">
          <label htmlFor={`${id}-value`}>{t('funnel.type.intent')}</label>
          <select id={`${id}-value`} value={draft.value} onChange={(event) => onChange({ value: event.target.value })}>
            <option value="">{intents.length ? t('funnel.pickIntent') : t('funnel.noIntents')}</option>
            {intentChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="stage-field">
          <label htmlFor={`${id}-value`}>
            {draft.type === 'command'
              ? t('funnel.type.command')
              : draft.type === 'button'
                ? t('funnel.buttonData')
                : t('funnel.value')}
          </label>
          <input
            id={`${id}-value`}
            value={draft.value}
            maxLength={500}
            spellCheck={draft.type === 'text'}
            placeholder={
              draft.type === 'command' ? '/start' : draft.type === 'button' ? 'plan:pro' : t('funnel.valuePlaceholder')
            }
            onChange={(event) => onChange({ value: event.target.value })}
          />
        </div>
      )}
      <div className="stage-actions">
        <button
          type="button"
          className="button-secondary icon-button"
          disabled={index === 0}
          aria-label={t('funnel.up', { n })}
          onClick={() => onMove(-1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="button-secondary icon-button"
          disabled={index === count - 1}
          aria-label={t('funnel.down', { n })}
          onClick={() => onMove(1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="button-secondary icon-button"
          aria-label={t('funnel.remove', { n })}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      {error && (
        <p className="field-error stage-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
