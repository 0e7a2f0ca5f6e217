/**
 * Array parameters of the ingest's statements as PostgreSQL array literals (`{"a","b",NULL}`), built
 * here rather than by node-postgres. Its builder escapes every element with two regular expressions and
 * grows the literal one `+=` at a time; the driver then measures and copies that rope of small strings
 * into the Bind message. In the ingest benchmark those steps were about 8% of the app's CPU, more than
 * any statement's own work. Here an element is escaped only when it holds a quote or a backslash, and
 * the literal is one `join`, a flat string the driver copies once.
 */

/** What the ingest passes as array elements; anything else is left to the driver. */
type Element = string | number | boolean | Date | null | undefined;

const NEEDS_ESCAPE = /[\\"]/;
const BACKSLASH = /\\/g;
const QUOTE = /"/g;

/** The literal for `values`, or `values` unchanged when an element is of a type this does not write. */
export function arrayLiteral(values: readonly unknown[]): string | readonly unknown[] {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const part = element(values[i] as Element);
    if (part === null) return values;
    parts[i] = part;
  }
  return `{${parts.join(',')}}`;
}

/** Parameters with every array written as its literal. */
export function withArrayLiterals(values: unknown[]): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (!Array.isArray(value)) continue;
    out ??= values.slice();
    out[i] = arrayLiteral(value);
  }
  return out ?? values;
}

function element(value: Element): string | null {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      // Always quoted: an empty string, `NULL`, braces, commas and blanks then need nothing more.
      return NEEDS_ESCAPE.test(value) ? `"${value.replace(BACKSLASH, '\\\\').replace(QUOTE, '\\"')}"` : `"${value}"`;
    case 'number':
      return Number.isFinite(value) ? String(value) : null;
    case 'boolean':
      return value ? 't' : 'f';
    default:
      // The driver writes dates in the process's local time zone; as timestamptz that is the same instant as
      // ISO's UTC. (Days go to date[] as 'YYYY-MM-DD' strings, never as dates.)
      return value instanceof Date && !Number.isNaN(value.getTime()) ? `"${value.toISOString()}"` : null;
  }
}
