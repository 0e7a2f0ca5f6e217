/** Where a contact came from, read from a deep-link `/start` parameter. */
export interface ParsedSource {
  sourceValue: string | null;
  campaignName: string | null;
}

const CAMPAIGN_KEY = 'utm_campaign';
/**
 * Longest source or campaign kept, in characters: they key the sources and funnel rollups, whose index
 * entries PostgreSQL caps at ~2.7 kB, and a user can type `/start` followed by 4,000 characters.
 */
export const SOURCE_MAX_CHARS = 256;

/**
 * Parses a `/start` parameter with the bot's UTM key (spec: traffic-source parsing):
 * a bare value is the source; `key=value` pairs split by `|` or `&` give the source from the
 * UTM key and the campaign from `utm_campaign`. Keys match exactly; values keep their case.
 */
export function parseStartParameter(parameter: string | null, utmKey: string): ParsedSource {
  const value = parameter?.trim();
  if (!value) return { sourceValue: null, campaignName: null };
  if (!value.includes('=')) return { sourceValue: capped(value), campaignName: null };

  const pairs = new Map<string, string>();
  for (const piece of value.split(/[|&]/)) {
    const separator = piece.indexOf('=');
    if (separator <= 0) continue;
    const key = piece.slice(0, separator).trim();
    const pairValue = piece.slice(separator + 1).trim();
    if (pairValue && !pairs.has(key)) pairs.set(key, pairValue);
  }
  const sourceValue = pairs.get(utmKey) ?? null;
  const campaignName = pairs.get(CAMPAIGN_KEY) ?? null;
  // A campaign only means something next to a source: without one the touch is unmapped.
  return sourceValue === null
    ? { sourceValue, campaignName: null }
    : { sourceValue: capped(sourceValue), campaignName: campaignName && capped(campaignName) };
}

/** The first SOURCE_MAX_CHARS characters (code points, so a surrogate pair is never cut in half). */
function capped(value: string): string {
  if (value.length <= SOURCE_MAX_CHARS) return value;
  return Array.from(value).slice(0, SOURCE_MAX_CHARS).join('');
}
