import { FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { Bot, UpdateBot, useUpdateBot } from '../../api/queries/useBots';
import { ErrorMessage, FieldError, Notice } from '../../components/feedback';
import { t } from '../../i18n';

const NUMBER_FIELDS = [
  'reply_window_s',
  'silence_messages',
  'silence_minutes',
  'error_share',
  'polling_minutes',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];
const SWITCHES = ['silence', 'errors', 'target', 'polling'] as const;
type Switch = (typeof SWITCHES)[number];

/**
 * The field a refusal of PATCH /api/bots/:id belongs to: the service starts its 400s with the field's path
 * (`reply_window_s must be …`, `alerts.silence_minutes must be …`, src/bots/bot.dto.ts).
 */
export function placeOfRulesError(error: unknown): NumberField | Switch | 'form' {
  if (!(error instanceof ApiError) || error.status !== 400) return 'form';
  const field = error.message.split(' ', 1)[0].replace(/^alerts\./, '');
  return (NUMBER_FIELDS as readonly string[]).includes(field) || (SWITCHES as readonly string[]).includes(field)
    ? (field as NumberField | Switch)
    : 'form';
}

/** «0,2» or «0.2» as a number; null for an empty or unreadable field (the form says so before sending). */
export function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

const asText = (value: number) => String(value).replace('.', ',');

/**
 * The reply window and the alert rules, sent together with PATCH /api/bots/:id. The bounds are the service's to
 * check: its refusal is shown at the field it names; only an empty or non-numeric field is caught here.
 */
export function AlertRulesForm({ bot }: { bot: Bot }) {
  const update = useUpdateBot(bot.id);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    reply_window_s: asText(bot.reply_window_s),
    silence_messages: asText(bot.alerts.silence_messages),
    silence_minutes: asText(bot.alerts.silence_minutes),
    error_share: asText(bot.alerts.error_share),
    polling_minutes: asText(bot.alerts.polling_minutes),
  });
  const [switches, setSwitches] = useState<Record<Switch, boolean>>({
    silence: bot.alerts.silence,
    errors: bot.alerts.errors,
    target: bot.alerts.target,
    polling: bot.alerts.polling,
  });
  const [unreadable, setUnreadable] = useState<NumberField[]>([]);
  const baseId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, readNumber(numbers[field])])) as Record<
      NumberField,
      number | null
    >;
    const missing = NUMBER_FIELDS.filter((field) => values[field] === null);
    setUnreadable(missing);
    if (missing.length) return;
    const body: UpdateBot = {
      reply_window_s: values.reply_window_s!,
      alerts: {
        ...switches,
        silence_messages: values.silence_messages!,
        silence_minutes: values.silence_minutes!,
        error_share: values.error_share!,
        polling_minutes: values.polling_minutes!,
      },
    };
    update.mutate(body);
  };

  const place = update.error ? placeOfRulesError(update.error) : null;
  const apiError = update.error instanceof Error ? update.error.message : null;
  const errorOf = (field: NumberField | Switch) =>
    (unreadable as string[]).includes(field) ? t('health.rules.notNumber') : place === field ? apiError : null;

  const changed = () => {
    update.reset();
    setUnreadable([]);
  };
  const numberField = (field: NumberField, disabled = false) => {
    const id = `${baseId}-${field}`;
    const error = errorOf(field);
    return (
      <div className="field">
        <label htmlFor={id}>{t(`health.rules.${field}`)}</label>
        <input
          id={id}
          name={field}
          inputMode={field === 'error_share' ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={numbers[field]}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            changed();
            setNumbers((current) => ({ ...current, [field]: event.target.value }));
          }}
        />
        <p className="hint" id={`${id}-hint`}>
          {t(`health.rules.${field}Hint`)}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };
  const switchField = (rule: Switch) => (
    <>
      <label className="check">
        <input
          type="checkbox"
          name={rule}
          checked={switches[rule]}
          onChange={(event) => {
            changed();
            setSwitches((current) => ({ ...current, [rule]: event.target.checked }));
          }}
        />
        {t(`health.rules.${rule}`)}
      </label>
      <FieldError id={`${baseId}-${rule}-error`} message={errorOf(rule)} />
    </>
  );

  return (
    <form className="stack rules-form" onSubmit={submit} noValidate>
      {numberField('reply_window_s')}
      <fieldset className="rule">
        <legend>{t('health.rules.silenceTitle')}</legend>
        {switchField('silence')}
        <div className="rule-fields">
          {numberField('silence_messages', !switches.silence)}
          {numberField('silence_minutes', !switches.silence)}
        </div>
      </fieldset>
      <fieldset className="rule">
        <legend>{t('health.rules.errorsTitle')}</legend>
        {switchField('errors')}
        <div className="rule-fields">{numberField('error_share', !switches.errors)}</div>
      </fieldset>
      <fieldset className="rule">
        <legend>{t('health.rules.targetTitle')}</legend>
        {switchField('target')}
      </fieldset>
      <fieldset className="rule">
        <legend>{t('health.rules.pollingTitle')}</legend>
        {switchField('polling')}
        <div className="rule-fields">{numberField('polling_minutes', !switches.polling)}</div>
      </fieldset>
      {place === 'form' && <ErrorMessage error={update.error} />}
      {update.isSuccess && <Notice>{t('health.rules.saved')}</Notice>}
      <div className="row">
        <button type="submit" disabled={update.isPending}>
          {t('health.rules.save')}
        </button>
      </div>
    </form>
  );
}
