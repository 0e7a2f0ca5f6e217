import { BadRequestException } from '@nestjs/common';
import type { Platform } from '../bots/bot.entity';
import { Messages } from '../common/messages';
import type { BroadcastFile, BroadcastKind } from './broadcast-store';
import { BroadcastPlatform, parsePlatform, parseSegment, Segment } from './segment';

export const MAX_TEXT_CHARS = 4000;
/** Telegram's caption limit (platforms.md §7); MAX takes 4000 with an attachment too. */
export const MAX_TELEGRAM_CAPTION_CHARS = 1024;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
const KINDS: readonly BroadcastKind[] = ['photo', 'audio', 'file'];

export interface UploadedFile {
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

export interface ClosedBroadcastInput {
  text: string;
  kind: BroadcastKind | null;
  platform: BroadcastPlatform;
  segment: Segment;
  sendAt: Date | null;
  file: BroadcastFile | null;
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
  const kind = parseKind(form.kind, upload !== undefined);
  const platform = parsePlatform(form.platform);
  const segment = parseSegment(form.segment);
  const sendAt = parseSendAt(form.send_at, now);
  const text = typeof form.text === 'string' ? form.text : '';
  if (form.text !== undefined && typeof form.text !== 'string') throw new BadRequestException(Messages.textRequired);
  if (!upload && !text.trim()) throw new BadRequestException(Messages.textRequired);
  if (charCount(text) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
  if (upload && botPlatform === 'telegram' && charCount(text) > MAX_TELEGRAM_CAPTION_CHARS) {
    throw new BadRequestException(Messages.broadcastCaptionTooLong);
  }
  const file = upload ? { fileName: upload.originalname || 'file', mimeType: upload.mimetype || 'application/octet-stream', bytes: upload.buffer } : null;
  return { text, kind, platform, segment, sendAt, file };
}

function parseKind(raw: unknown, hasFile: boolean): BroadcastKind | null {
  if (raw === undefined || raw === '') {
    // A file without a kind cannot be sent: Telegram needs to know which method to use.
    if (hasFile) throw new BadRequestException(Messages.broadcastKindInvalid);
    return null;
  }
  if (typeof raw !== 'string' || !(KINDS as readonly string[]).includes(raw)) throw new BadRequestException(Messages.broadcastKindInvalid);
  if (!hasFile) throw new BadRequestException(Messages.broadcastKindNeedsFile);
  return raw as BroadcastKind;
}

function parseSendAt(raw: unknown, now: Date): Date | null {
  if (raw === undefined || raw === null || raw === '') return null;
  // A date and a time with a zone: a bare date or a local time would be read in the server's zone.
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
  const at = typeof raw === 'string' && iso.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) throw new BadRequestException(Messages.broadcastSendAtInvalid);
  return at;
}

function charCount(text: string): number {
  return Array.from(text).length;
}
