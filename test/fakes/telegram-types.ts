import { IncomingHttpHeaders } from 'node:http';
import { UploadedFile } from './http-util';

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface TgChat {
  id: number | string;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  first_name?: string;
  username?: string;
}

export interface TgMessage {
  message_id: number;
  from?: TgUser;
  chat: TgChat;
  date: number;
  text?: string;
  caption?: string;
  [field: string]: unknown;
}

export interface TgUpdate {
  update_id: number;
  [kind: string]: unknown;
}

export type TgUpdateInput = { update_id?: number; [kind: string]: unknown };

export interface TgPhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size: number;
}

export interface TelegramFault {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export interface TelegramCall {
  token: string;
  /** Lower-cased, since Telegram treats method names case-insensitively. */
  method: string;
  params: Record<string, unknown>;
  files: UploadedFile[];
  /** The body's bytes as received, when it was not multipart. */
  rawBody: Buffer | null;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface TelegramWebhook {
  url: string;
  secret_token?: string;
  allowed_updates?: string[];
  max_connections: number;
  last_error_date?: number;
  last_error_message?: string;
}

export interface TgBotInput {
  token: string;
  /** Defaults to the numeric prefix of the token. */
  id?: number;
  username: string;
  first_name: string;
}

export interface TgMessageInput {
  from: Partial<TgUser> & { id: number };
  text: string;
  chatType?: TgChat['type'];
  /** Defaults to from.id in a private chat (as on Telegram) and to -from.id elsewhere. */
  chatId?: number;
  date?: number;
  /** Merged into the message, e.g. `{ contact: {...} }`. */
  extra?: Record<string, unknown>;
}

export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  file_path: string;
  bytes: Buffer;
}

export interface TgBotState {
  user: TgUser;
  updates: TgUpdate[];
  nextUpdateId: number;
  nextMessageId: number;
  /** Bumped by every getUpdates so an older held poll knows it was superseded. */
  pollGeneration: number;
  webhook?: TelegramWebhook;
  sent: TgMessage[];
  blocked: Set<string>;
  missingChats: Set<string>;
  files: Map<string, StoredFile>;
  profilePhotos: Map<string, TgPhotoSize[][]>;
  /** Charges of payments made to the bot (by telegram_payment_charge_id), for refundStarPayment. */
  payments: Map<string, TgCharge>;
}

export interface TgCharge {
  userId: number;
  currency: string;
  totalAmount: number;
  payload: string;
  refunded: boolean;
}

/** What a test says of a payment; the rest is a Stars payment's. */
export interface TgPaymentInput {
  from: Partial<TgUser> & { id: number };
  chargeId: string;
  currency?: string;
  total_amount?: number;
  invoice_payload?: string;
  provider_payment_charge_id?: string;
  date?: number;
  /** Merged into `successful_payment` (subscription fields, or odd values). */
  extra?: Record<string, unknown>;
}

/** Thrown by method handlers; becomes the `{ok:false}` answer. */
export class TgError extends Error {
  constructor(readonly fault: TelegramFault) {
    super(fault.description);
  }

  static badRequest(reason: string): TgError {
    return new TgError({ error_code: 400, description: `Bad Request: ${reason}` });
  }
}

export const UNAUTHORIZED: TelegramFault = { error_code: 401, description: 'Unauthorized' };
export const NOT_FOUND: TelegramFault = { error_code: 404, description: 'Not Found' };
export const BLOCKED_BY_USER: TelegramFault = {
  error_code: 403,
  description: 'Forbidden: bot was blocked by the user',
};
export const WEBHOOK_CONFLICT: TelegramFault = {
  error_code: 409,
  description:
    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
};
export const POLL_TERMINATED: TelegramFault = {
  error_code: 409,
  description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
};

/** Send methods whose text lives in `caption`, mapped to the field that carries their media. */
export const MEDIA_METHODS: Record<string, string> = {
  sendphoto: 'photo',
  senddocument: 'document',
  sendaudio: 'audio',
  sendvideo: 'video',
  sendanimation: 'animation',
  sendvoice: 'voice',
};

export const SEND_METHODS = new Set(['sendmessage', 'copymessage', ...Object.keys(MEDIA_METHODS)]);
