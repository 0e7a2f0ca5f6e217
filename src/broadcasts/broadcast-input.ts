import { BadRequestException } from '@nestjs/common';
import type { Platform } from '../platforms/platform';
import type { UploadedFile } from '../common/http/file-upload';
import { Messages } from '../common/messages';
import { assertCaptionFits, charCount, parseMediaKind, toMediaFile } from '../platforms/media-input';
import type { BroadcastFile } from './broadcast-file-store';
import type { BroadcastKind } from './broadcast-store';
import { BroadcastPlan, MAX_TEXT_CHARS, parsePlan, PlanFields } from './broadcast-plan';
import { BroadcastPlatform, parsePlatform, parseSegment, Segment } from './segment';

export { MAX_TEXT_CHARS };

export interface ClosedBroadcastInput {
  text: string;
  kind: BroadcastKind | null;
  platform: BroadcastPlatform;
  segment: Segment;
  sendAt: Date | null;
  file: BroadcastFile | null;
  plan: BroadcastPlan;
}

/** The open API's body: a text, or variants, and the tracked links' and the test's fields. */
export interface OpenBroadcastInput {
  text: string;
  plan: BroadcastPlan;
}

/** The open API's text (required unless variants replace it, at most 4000 characters) and its plan. */
export function openBroadcastInput(body: PlanFields & { text?: unknown }, botPlatform: Platform): OpenBroadcastInput {
  const hasText = body.text !== undefined && body.text !== null && body.text !== '';
  if (body.variants === undefined || body.variants === null || body.variants === '') {
    const text = requiredText(body.text);
    return { text, plan: parsePlan(body, { hasText, hasFile: false, platform: botPlatform }) };
  }
  const plan = parsePlan(body, { hasText, hasFile: false, platform: botPlatform });
  // The first variant's text stands for the broadcast where one text is shown (lists, older clients).
  return { text: plan.variants![0].text, plan };
}

/** The open API's text: required, at most 4000 characters (spec). */
export function requiredText(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.trim()) throw new BadRequestException(Messages.textRequired);
  if (charCount(raw) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
  return raw;
}

/**
 * The cabinet's multipart form, checked field by field in the order the form lists them. A text is
 * required unless a file is sent (then it is the caption); a file needs its `kind`, and a `kind` its file.
 */
export function closedBroadcastInput(
  form: Record<string, unknown>,
  upload: UploadedFile | undefined,
  botPlatform: Platform,
  now = new Date(),
): ClosedBroadcastInput {
  const kind = parseMediaKind(form.kind, upload !== undefined);
  const platform = parsePlatform(form.platform);
  const segment = parseSegment(form.segment);
  const sendAt = parseSendAt(form.send_at, now);
  const hasText = typeof form.text === 'string' && form.text !== '';
  const plan = parsePlan(form, { hasText, hasFile: upload !== undefined, platform: botPlatform });
  const file = upload ? toMediaFile(upload) : null;
  if (plan.variants) return { text: plan.variants[0].text, kind, platform, segment, sendAt, file, plan };
  const text = typeof form.text === 'string' ? form.text : '';
  if (form.text !== undefined && typeof form.text !== 'string') throw new BadRequestException(Messages.textRequired);
  if (!upload && !text.trim()) throw new BadRequestException(Messages.textRequired);
  if (charCount(text) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
  if (upload) assertCaptionFits(text, botPlatform);
  return { text, kind, platform, segment, sendAt, file, plan };
}

function parseSendAt(raw: unknown, now: Date): Date | null {
  if (raw === undefined || raw === null || raw === '') return null;
  // A date and a time with a zone: a bare date or a local time would be read in the server's zone.
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
  const at = typeof raw === 'string' && iso.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime())
    throw new BadRequestException(Messages.broadcastSendAtInvalid);
  return at;
}
