import { BadRequestException } from '@nestjs/common';
import { Messages } from '../common/messages';
import { assertCaptionFits, charCount } from '../platforms/media-input';
import type { Platform } from '../platforms/platform';

export const MAX_TEXT_CHARS = 4000;
const MIN_VARIANTS = 2;
const MAX_VARIANTS = 4;
const MIN_TEST_SHARE = 0.05;
const MIN_WINNER_MINUTES = 10;
const MAX_WINNER_MINUTES = 10_080;

export type WinnerMetric = 'clicked' | 'replied' | 'revenue';
export const WINNER_METRICS: readonly WinnerMetric[] = ['clicked', 'replied', 'revenue'];

/** One text of an A/B broadcast; `file`: it carries the broadcast's uploaded file, its text being the caption. */
export interface Variant {
  text: string;
  file: boolean;
}

/** What a broadcast does besides its text (issue 28): tracked links and A/B variants. */
export interface BroadcastPlan {
  trackLinks: boolean;
  /** Null: one text, as before. */
  variants: Variant[] | null;
  /** The share of the audience that tests the variants; 1: everyone, split evenly. */
  testShare: number;
  /** Both set exactly when testShare < 1. */
  winnerAfterMinutes: number | null;
  winnerMetric: WinnerMetric | null;
}

export const PLAIN_PLAN: BroadcastPlan = {
  trackLinks: false,
  variants: null,
  testShare: 1,
  winnerAfterMinutes: null,
  winnerMetric: null,
};

export interface PlanFields {
  track_links?: unknown;
  variants?: unknown;
  test_share?: unknown;
  winner_after_minutes?: unknown;
  winner_metric?: unknown;
}

/**
 * Reads the plan from a JSON body or a multipart form (where every value is a string: `"true"`, `"0.2"`, the
 * variants as a JSON string). `hasText`: the request also gave a text, which variants replace.
 */
export function parsePlan(
  body: PlanFields,
  opts: { hasText: boolean; hasFile: boolean; platform: Platform },
): BroadcastPlan {
  const trackLinks = parseBoolean(body.track_links, Messages.broadcastTrackLinksInvalid) ?? false;
  const variants = parseVariants(body.variants, opts);
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  const testGiven = [body.test_share, body.winner_after_minutes, body.winner_metric].some(given);
  if (!variants) {
    if (testGiven) throw new BadRequestException(Messages.broadcastTestNeedsVariants);
    return { ...PLAIN_PLAN, trackLinks };
  }
  if (opts.hasText) throw new BadRequestException(Messages.broadcastTextAndVariants);
  const testShare = given(body.test_share) ? parseNumber(body.test_share) : 1;
  if (testShare === null || !(testShare >= MIN_TEST_SHARE && testShare <= 1))
    throw new BadRequestException(Messages.broadcastTestShareInvalid);
  let winnerAfterMinutes: number | null = null;
  if (given(body.winner_after_minutes)) {
    winnerAfterMinutes = parseNumber(body.winner_after_minutes);
    if (
      winnerAfterMinutes === null ||
      !Number.isInteger(winnerAfterMinutes) ||
      winnerAfterMinutes < MIN_WINNER_MINUTES ||
      winnerAfterMinutes > MAX_WINNER_MINUTES
    )
      throw new BadRequestException(Messages.broadcastWinnerAfterInvalid);
  }
  let winnerMetric: WinnerMetric | null = null;
  if (given(body.winner_metric)) {
    if (!(WINNER_METRICS as readonly unknown[]).includes(body.winner_metric))
      throw new BadRequestException(Messages.broadcastWinnerMetricInvalid);
    winnerMetric = body.winner_metric as WinnerMetric;
  }
  if (testShare < 1 && (winnerAfterMinutes === null || winnerMetric === null))
    throw new BadRequestException(Messages.broadcastWinnerRequired);
  if (testShare === 1 && (winnerAfterMinutes !== null || winnerMetric !== null))
    throw new BadRequestException(Messages.broadcastWinnerWithoutTest);
  // Without tracked links nobody can have clicked: every variant would tie.
  if (winnerMetric === 'clicked' && !trackLinks) throw new BadRequestException(Messages.broadcastClickedNeedsTracking);
  return { trackLinks, variants, testShare, winnerAfterMinutes, winnerMetric };
}

function parseVariants(raw: unknown, opts: { hasFile: boolean; platform: Platform }): Variant[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadRequestException(Messages.broadcastVariantsInvalid);
    }
  }
  if (!Array.isArray(value) || value.length < MIN_VARIANTS || value.length > MAX_VARIANTS)
    throw new BadRequestException(Messages.broadcastVariantsInvalid);
  return value.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new BadRequestException(Messages.broadcastVariantNotObject(i));
    const fields = item as Record<string, unknown>;
    for (const field of Object.keys(fields)) {
      if (field !== 'text' && field !== 'file')
        throw new BadRequestException(Messages.broadcastVariantUnknownField(i, field));
    }
    // Without a word of its own, a variant carries the broadcast's file when there is one.
    const file = parseBoolean(fields.file, Messages.broadcastVariantFileInvalid(i)) ?? opts.hasFile;
    if (file && !opts.hasFile) throw new BadRequestException(Messages.broadcastVariantFileMissing(i));
    const text = fields.text ?? '';
    if (typeof text !== 'string') throw new BadRequestException(Messages.broadcastVariantTextRequired(i));
    if (!file && !text.trim()) throw new BadRequestException(Messages.broadcastVariantTextRequired(i));
    if (charCount(text) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.broadcastVariantTextTooLong(i));
    if (file) {
      try {
        assertCaptionFits(text, opts.platform);
      } catch {
        throw new BadRequestException(Messages.broadcastVariantCaptionTooLong(i));
      }
    }
    return { text, file };
  });
}

function parseBoolean(raw: unknown, message: string): boolean | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (raw === true || raw === 'true') return true;
  if (raw === false || raw === 'false') return false;
  throw new BadRequestException(message);
}

function parseNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return null;
  return Number(raw);
}
