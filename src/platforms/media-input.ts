import { BadRequestException } from '@nestjs/common';
import type { Platform } from './platform';
import type { UploadedFile } from '../common/http/file-upload';
import { Messages } from '../common/messages';
import type { MediaFile, MediaKind } from './platform-media-sender';

/** Telegram's caption limit (platforms.md §7); MAX takes 4000 with an attachment too. */
export const MAX_TELEGRAM_CAPTION_CHARS = 1024;
const KINDS: readonly MediaKind[] = ['photo', 'audio', 'file'];

/**
 * The `kind` of a multipart file (closed broadcasts, dialog replies): null when neither is sent. A file
 * needs its kind (Telegram needs to know which method to use), and a kind its file.
 */
export function parseMediaKind(raw: unknown, hasFile: boolean): MediaKind | null {
  if (raw === undefined || raw === '') {
    if (hasFile) throw new BadRequestException(Messages.broadcastKindInvalid);
    return null;
  }
  if (typeof raw !== 'string' || !(KINDS as readonly string[]).includes(raw))
    throw new BadRequestException(Messages.broadcastKindInvalid);
  if (!hasFile) throw new BadRequestException(Messages.broadcastKindNeedsFile);
  return raw as MediaKind;
}

/** A caption on Telegram is at most 1024 characters. */
export function assertCaptionFits(text: string, platform: Platform): void {
  if (platform === 'telegram' && charCount(text) > MAX_TELEGRAM_CAPTION_CHARS)
    throw new BadRequestException(Messages.broadcastCaptionTooLong);
}

export function toMediaFile(upload: UploadedFile): MediaFile {
  return {
    fileName: upload.originalname || 'file',
    mimeType: upload.mimetype || 'application/octet-stream',
    bytes: upload.buffer,
  };
}

/** Length in characters as people count them (code points), not UTF-16 units. */
export function charCount(text: string): number {
  return Array.from(text).length;
}
