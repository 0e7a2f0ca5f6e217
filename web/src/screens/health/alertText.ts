import type { AlertKind } from '../../api/queries/useHealth';
import { formatDateTime, formatNumber, t } from '../../i18n';

interface AlertLike {
  kind: AlertKind;
  opened_at: string;
  /** What the check saw when it opened (docs/health.md); absent on the bot object's short form. */
  details?: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const count = (value: unknown): string => (typeof value === 'number' ? formatNumber(value) : '—');

/**
 * What happened and since when, in a sentence: the banner's and the history's. A silence dates from the oldest
 * message left without an answer, a stopped poll from the last poll; the others from when the alert opened.
 */
export function alertSentence({ kind, opened_at, details = {} }: AlertLike): string {
  switch (kind) {
    case 'silence':
      return 'unanswered' in details
        ? t('alert.silence', {
            since: formatDateTime(text(details.since) ?? opened_at),
            count: count(details.unanswered),
          })
        : t('alert.silenceShort', { since: formatDateTime(opened_at) });
    case 'errors':
      return 'sends' in details
        ? t('alert.errors', {
            since: formatDateTime(opened_at),
            failed: count(details.failed),
            sends: count(details.sends),
            minutes: count(details.window_minutes),
          })
        : t('alert.errorsShort', { since: formatDateTime(opened_at) });
    case 'target':
      return text(details.last_error)
        ? t('alert.target', {
            since: formatDateTime(opened_at),
            count: count(details.failures_in_a_row),
            error: text(details.last_error)!,
          })
        : t('alert.targetShort', { since: formatDateTime(opened_at) });
    case 'polling':
      return t('alert.polling', { since: formatDateTime(text(details.last_poll_at) ?? opened_at) });
  }
}
