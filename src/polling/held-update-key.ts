import { createHash } from 'node:crypto';
import type { Platform } from '../platforms/platform';
import { storableText } from '../ingest/postgres-text';

/** How a pushed update is filed in the held-updates store. */
export interface HeldUpdateKey {
  /** Telegram `update_id` (what getUpdates offsets count); null on MAX. */
  updateId: number | null;
  /** Telegram: the update's one payload field (`message`, `callback_query`…); MAX: `update_type`. */
  updateType: string;
  /** The same update delivered twice yields the same key, so it is held once. */
  dedupeKey: string;
}

type Json = Record<string, unknown>;

export function heldUpdateKey(platform: Platform, update: Json, raw: string): HeldUpdateKey {
  const key = platform === 'telegram' ? telegramKey(update, raw) : maxKey(update, raw);
  // Both come from the update's own fields, which may hold what PostgreSQL refuses in text.
  return { ...key, updateType: storableText(key.updateType), dedupeKey: storableText(key.dedupeKey) };
}

function telegramKey(update: Json, raw: string): HeldUpdateKey {
  const updateId = Number.isSafeInteger(update.update_id) ? (update.update_id as number) : null;
  const updateType = Object.keys(update).find((key) => key !== 'update_id') ?? 'unknown';
  return { updateId, updateType, dedupeKey: updateId === null ? `raw:${digest(raw)}` : `tg:${updateId}` };
}

/**
 * MAX has no update id. A redelivery repeats the update's own timestamp and subject (message mid,
 * callback id, or chat and user), which two different updates of one type never share.
 */
function maxKey(update: Json, raw: string): HeldUpdateKey {
  const updateType = typeof update.update_type === 'string' ? update.update_type : 'unknown';
  const subject = maxSubject(update);
  const timestamp = typeof update.timestamp === 'number' ? update.timestamp : null;
  const dedupeKey =
    subject === null || timestamp === null ? `raw:${digest(raw)}` : `max:${updateType}:${timestamp}:${subject}`;
  return { updateId: null, updateType, dedupeKey };
}

function maxSubject(update: Json): string | null {
  const message = asObject(update.message);
  const mid = asObject(message?.body)?.mid;
  if (typeof mid === 'string') return `mid:${mid}`;
  const callbackId = asObject(update.callback)?.callback_id;
  if (typeof callbackId === 'string') return `cb:${callbackId}`;
  if (typeof update.message_id === 'string') return `mid:${update.message_id}`;
  const userId = asObject(update.user)?.user_id ?? update.user_id;
  if (update.chat_id !== undefined || userId !== undefined) return `chat:${String(update.chat_id)}:${String(userId)}`;
  return null;
}

function asObject(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

function digest(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}
