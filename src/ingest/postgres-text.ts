/**
 * What PostgreSQL refuses in text and jsonb, made storable. It takes neither a NUL character nor a lone
 * UTF-16 surrogate (one half of a pair, which UTF-8 cannot encode); jsonb refuses them even escaped
 * (`\u0000`, `\ud800`). A platform or a client can send both, and one such string used to fail the
 * whole ingest transaction it was in. Both become U+FFFD, the replacement character.
 */

const REPLACEMENT = '\uFFFD';
/** Characters worth a closer look: NUL and any surrogate half (pairs included, which stay). */
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const SUSPECT = /[\u0000\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * A `\u0000` or `\udXXX` escape in JSON.stringify's output, not itself escaped (an even run of backslashes
 * before it). JSON.stringify writes surrogate pairs as they are and escapes only lone halves, so every
 * surrogate escape it wrote is a lone one.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/g;

/** The string with NUL characters and lone surrogates replaced; the same string when there are none. */
export function storableText(value: string): string {
  return SUSPECT.test(value) ? value.replace(UNSTORABLE, REPLACEMENT) : value;
}

/** A string field of a payload as storable text, or null when it is absent or not a string. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? storableText(value) : null;
}

/**
 * A payload as jsonb input: JSON whose strings and keys hold neither NUL nor a lone surrogate. Null for
 * one nested too deep to serialise (JSON.parse takes any depth, JSON.stringify throws past ~10,000
 * levels): the message is stored without its raw copy.
 */
export function storableJson(value: unknown): string | null {
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return json.includes('\\u') ? json.replace(UNSTORABLE_ESCAPE, `$1\\ufffd`) : json;
}
