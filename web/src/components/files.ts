import type { ReplyKind } from '../api/queries/useDialogs';
import { locale } from '../i18n';

/** The service takes files of up to 50 MB (closed broadcasts and dialog replies alike). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Telegram's caption limit; MAX takes the full 4000 characters with a file. */
export const TELEGRAM_CAPTION_CHARS = 1024;
export const MAX_TEXT_CHARS = 4000;

/** The kind a file is sent as, guessed from its type: pictures as photos, sound as audio, anything else as a document. */
export function kindOfFile(file: { type: string }): ReplyKind {
  if (/^image\/(png|jpe?g|gif|webp)$/.test(file.type)) return 'photo';
  if (file.type.startsWith('audio/')) return 'audio';
  return 'file';
}

/** How many characters a text may have: a caption on Telegram is shorter than a message. */
export function textLimit(platform: 'telegram' | 'max', withFile: boolean): number {
  return withFile && platform === 'telegram' ? TELEGRAM_CAPTION_CHARS : MAX_TEXT_CHARS;
}

/** Characters as people and the service count them (code points, so an emoji is one). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

const sizes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${sizes.format(bytes / 1024)} КБ`;
  return `${sizes.format(bytes / 1024 / 1024)} МБ`;
}
