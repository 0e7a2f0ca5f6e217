import { useId } from 'react';
import type { WinnerMetric } from '../../api/queries/useBroadcasts';
import { charCount } from '../../components/files';
import { formatNumber, t } from '../../i18n';
import {
  AbDraft,
  BroadcastErrorPlace,
  isPartialTest,
  MAX_VARIANTS,
  MIN_VARIANTS,
  variantLetter,
  VariantDraft,
  WINNER_METRICS,
} from './variants';

/**
 * The A/B test of a broadcast: 2–4 texts (each with or without the picked file), the share of the
 * audience that tests them, and, below 100 %, when and by what the winner that goes to the rest is
 * chosen. A refusal of the service is shown at the field it names (`error` with its `place`).
 */
export function VariantsEditor({
  value,
  onChange,
  limitOf,
  hasFile,
  place,
  error,
}: {
  value: AbDraft;
  onChange: (next: AbDraft) => void;
  /** The character limit of a variant's text (shorter as a Telegram caption). */
  limitOf: (variant: VariantDraft) => number;
  hasFile: boolean;
  place: BroadcastErrorPlace | null;
  error: string | null;
}) {
  const id = useId();
  const errorAt = (field: string) => (place?.field === field ? error : null);
  const change = (patch: Partial<AbDraft>) => onChange({ ...value, ...patch });
  const changeVariant = (index: number, patch: Partial<VariantDraft>) =>
    change({ variants: value.variants.map((variant, i) => (i === index ? { ...variant, ...patch } : variant)) });
  const partial = isPartialTest(value);

  return (
    <div className="stack variants-editor">
      {value.variants.map((variant, index) => {
        const vid = `${id}-v${index}`;
        const limit = limitOf(variant);
        const length = charCount(variant.text);
        const refusal = place?.field === 'variant' && place.index === index ? error : null;
        return (
          <fieldset key={index} className="variant">
            <legend>{t('broadcasts.ab.variant', { letter: variantLetter(index) })}</legend>
            {value.variants.length > MIN_VARIANTS && (
              <button
                type="button"
                className="button-link variant-remove"
                onClick={() => change({ variants: value.variants.filter((_, i) => i !== index) })}
              >
                {t('broadcasts.ab.remove', { letter: variantLetter(index) })}
              </button>
            )}
            <label htmlFor={`${vid}-text`} className="visually-hidden">
              {t('broadcasts.ab.variantText', { letter: variantLetter(index) })}
            </label>
            <textarea
              id={`${vid}-text`}
              rows={3}
              value={variant.text}
              aria-invalid={refusal || length > limit ? true : undefined}
              aria-describedby={`${vid}-counter${refusal ? ` ${vid}-error` : ''}`}
              onChange={(event) => changeVariant(index, { text: event.target.value })}
            />
            <p className={length > limit ? 'counter counter-over' : 'counter'} id={`${vid}-counter`}>
              {t('text.counter', { count: formatNumber(length), limit: formatNumber(limit) })}
            </p>
            {hasFile && (
              <label className="check">
                <input
                  type="checkbox"
                  checked={variant.file}
                  onChange={(event) => changeVariant(index, { file: event.target.checked })}
                />
                {t('broadcasts.ab.withFile')}
              </label>
            )}
            <FieldError id={`${vid}-error`} message={refusal} />
          </fieldset>
        );
      })}
      <FieldError id={`${id}-variants-error`} message={errorAt('variants')} />
      {value.variants.length < MAX_VARIANTS && (
        <div className="row">
          <button
            type="button"
            className="button-secondary"
            onClick={() => change({ variants: [...value.variants, { text: '', file: true }] })}
          >
            {t('broadcasts.ab.add', { letter: variantLetter(value.variants.length) })}
          </button>
        </div>
      )}
      <div className="form-grid ab-settings">
        <NumberField
          id={`${id}-share`}
          label={t('broadcasts.ab.share')}
          hint={t('broadcasts.ab.shareHint')}
          value={value.sharePercent}
          min={5}
          max={100}
          error={errorAt('test_share')}
          onChange={(sharePercent) => change({ sharePercent })}
        />
        {partial && (
          <>
            <NumberField
              id={`${id}-after`}
              label={t('broadcasts.ab.after')}
              hint={t('broadcasts.ab.afterHint')}
              value={value.winnerAfterMinutes}
              min={10}
              max={10080}
              error={errorAt('winner_after_minutes')}
              onChange={(winnerAfterMinutes) => change({ winnerAfterMinutes })}
            />
            <div className="field">
              <label htmlFor={`${id}-metric`}>{t('broadcasts.ab.metric')}</label>
              <select
                id={`${id}-metric`}
                value={value.metric}
                aria-invalid={errorAt('winner_metric') ? true : undefined}
                aria-describedby={errorAt('winner_metric') ? `${id}-metric-error` : undefined}
                onChange={(event) => change({ metric: event.target.value as WinnerMetric })}
              >
                {WINNER_METRICS.map((metric) => (
                  <option key={metric} value={metric}>
                    {t(`broadcasts.metric.${metric}`)}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-metric-error`} message={errorAt('winner_metric')} />
            </div>
          </>
        )}
      </div>
      <p className="hint">
        {partial ? t('broadcasts.ab.partialHint', { letters: lettersOf(value) }) : t('broadcasts.ab.evenHint')}
      </p>
    </div>
  );
}

const lettersOf = (draft: AbDraft) => draft.variants.map((_, i) => variantLetter(i)).join(', ');

function NumberField({
  id,
  label,
  hint,
  value,
  min,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  min: number;
  max: number;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  );
}
