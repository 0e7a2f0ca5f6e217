import { ApiError } from '../../api/client';
import type { WinnerMetric } from '../../api/queries/useBroadcasts';

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
export const WINNER_METRICS: WinnerMetric[] = ['clicked', 'replied', 'revenue'];

export interface VariantDraft {
  text: string;
  /** Whether it carries the broadcast's one file (only asked when a file is picked). */
  file: boolean;
}

/** The A/B test as typed: numbers stay strings, so what the owner wrote is what the service judges. */
export interface AbDraft {
  variants: VariantDraft[];
  /** The test share in percent, 5–100. */
  sharePercent: string;
  winnerAfterMinutes: string;
  metric: WinnerMetric;
}

/** A new test starts from the text already written, beside an empty second variant, on everyone. */
export function startAb(text: string): AbDraft {
  return {
    variants: [
      { text, file: true },
      { text: '', file: true },
    ],
    sharePercent: '100',
    winnerAfterMinutes: '60',
    metric: 'replied',
  };
}

/** «A», «B», … as owners name the variants of a test. */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);

/** Whether only part of the audience tests and the winner goes to the rest (a share below 100 %). */
export function isPartialTest(draft: AbDraft): boolean {
  const share = Number(draft.sharePercent.replace(',', '.'));
  return draft.sharePercent.trim() !== '' && Number.isFinite(share) && share < 100;
}

/** What the API takes: `test_share` as a fraction; an unreadable number is sent as written, so the service says why. */
export function toAbFields(draft: AbDraft, withFile: boolean) {
  const percent = draft.sharePercent.trim().replace(',', '.');
  const share = percent === '' || !/^\d+(\.\d+)?$/.test(percent) ? percent : String(Number(percent) / 100);
  const partial = isPartialTest(draft);
  return {
    variants: draft.variants.map((variant) => ({ text: variant.text, file: withFile && variant.file })),
    testShare: share === '' ? '1' : share,
    winnerAfterMinutes: partial ? draft.winnerAfterMinutes.trim() : null,
    winnerMetric: partial ? draft.metric : null,
  };
}

export type BroadcastField =
  'text' | 'track_links' | 'variants' | 'test_share' | 'winner_after_minutes' | 'winner_metric';
export type BroadcastErrorPlace = { field: BroadcastField } | { field: 'variant'; index: number } | { field: 'form' };

/**
 * Where a refusal of the broadcast belongs in the composer. The service names what it refuses
 * (`variants[1].text required`, `test_share must be …`, `winner_metric clicked needs track_links: true`);
 * the two that name both winner fields belong to the first one still missing.
 */
export function placeOfBroadcastError(error: unknown): BroadcastErrorPlace {
  if (!(error instanceof ApiError) || error.status !== 400) return { field: 'form' };
  const message = error.message;
  // Tracking made a text too long: the switch is what the owner can turn off.
  if (/^text too long with tracked links/.test(message)) return { field: 'track_links' };
  const variant = /^variants\[(\d+)\]/.exec(message);
  if (variant) return { field: 'variant', index: Number(variant[1]) };
  if (/^winner_after_minutes and winner_metric/.test(message)) return { field: 'winner_after_minutes' };
  if (/^test_share, winner_after_minutes/.test(message)) return { field: 'test_share' };
  const field = /^(track_links|variants|test_share|winner_after_minutes|winner_metric|text)\b/.exec(message)?.[1];
  return field ? { field: field as BroadcastField } : { field: 'form' };
}
