/** Longest URL a link takes, as the owner gives it (issue 28). */
export const MAX_LINK_URL_LENGTH = 2000;
/** Longest link name. */
export const MAX_LINK_NAME_LENGTH = 200;

const WEB_SCHEME = /^https?:\/\//i;
// Spaces and control characters: the URL parser would drop or encode them silently (a tab or a line break
// inside the host would vanish), so a URL holding one is refused rather than changed behind the owner's back.
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
const BLANK_OR_CONTROL = /[\u0000-\u0020\u007f]/;

/**
 * The URL a link stores and redirects to, or null when `value` cannot be one: an `http://` or `https://`
 * URL of at most 2000 characters with a host, without spaces or control characters. It is stored as the URL
 * parser writes it (scheme and host in lower case, an international host in punycode, other characters
 * percent-encoded), which is plain ASCII and so always a valid `Location` header.
 */
export function linkTarget(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LINK_URL_LENGTH) return null;
  if (!WEB_SCHEME.test(value) || BLANK_OR_CONTROL.test(value)) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return null;
  return parsed.href;
}

/** A link's name as stored: trimmed, and null when none was given or it is blank. */
export function linkName(value: string | null | undefined): string | null {
  const name = value?.trim();
  return name ? name : null;
}
