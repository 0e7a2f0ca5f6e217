import { MessageKey, ru } from './ru';

/**
 * One dictionary per language: Russian now (the product's market); an English one is another
 * `Record<MessageKey, string>` chosen here.
 */
const dictionary: Record<MessageKey, string> = ru;
export const locale = 'ru-RU';

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return dictionary[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

// Dates and times in the viewer's own time zone (Intl's default).
const dateTime = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
const timeOnly = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
const numbers = new Intl.NumberFormat(locale);

export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : '—';
}

export function formatDate(value: string | null | undefined): string {
  return value ? dateOnly.format(new Date(value)) : '—';
}

/** Today's messages show the time only; older ones the date and time. */
export function formatMessageTime(value: string): string {
  const date = new Date(value);
  return date.toDateString() === new Date().toDateString() ? timeOnly.format(date) : dateTime.format(date);
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}
