/** CSV as RFC 4180 writes it, for spreadsheets: CRLF line ends, fields quoted only when they must be. */

/** Excel and LibreOffice read a file as UTF-8 (not the locale's code page, cp1251 in Russia) when it starts with this. */
export const UTF8_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null is empty; a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record with its CRLF. */
export function csvRecord(values: ReadonlyArray<string | null>): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i ? ',' : '') + csvField(values[i]);
  return `${line}\r\n`;
}
