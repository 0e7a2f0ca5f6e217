import { IncomingHttpHeaders } from 'node:http';

export interface MaxUser {
  user_id: number;
  first_name: string;
  last_name?: string | null;
  username: string | null;
  is_bot: boolean;
  last_activity_time: number;
  /** Deprecated by MAX but still sent. */
  name: string;
  description?: string | null;
  avatar_url?: string;
  full_avatar_url?: string;
}

export interface MaxMessage {
  sender?: MaxUser;
  recipient: { chat_id: number; chat_type: 'dialog' | 'chat' | 'channel'; user_id: number | null };
  timestamp: number;
  body: { mid: string; seq: number; text: string | null; attachments?: unknown[] | null };
  [field: string]: unknown;
}

export interface MaxUpdate {
  update_type: string;
  timestamp: number;
  [field: string]: unknown;
}

export interface MaxSubscription {
  url: string;
  time: number;
  update_types: string[];
  secret?: string;
  version?: string;
}

export interface MaxFault {
  status: number;
  body: unknown;
  /** Extra response headers, e.g. `Retry-After` on a 429. */
  headers?: Record<string, string>;
}

export interface MaxCall {
  /** The raw Authorization header. */
  token: string | undefined;
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface MaxBotInput {
  token: string;
  user_id: number;
  first_name?: string;
  name?: string;
  username: string;
  description?: string;
  avatar_url?: string;
  full_avatar_url?: string;
}

export type MaxUserInput = Partial<MaxUser> & { user_id: number };

export interface MaxBotState {
  info: MaxUser;
  /** Each update keeps the index that /updates markers count in. */
  updates: Array<{ index: number; update: MaxUpdate }>;
  nextIndex: number;
  subscriptions: MaxSubscription[];
  sent: MaxMessage[];
  /** User ids and chat ids, as strings. */
  blocked: Set<string>;
  users: Map<number, MaxUser>;
  /** user_id → chat_id of the dialog with the bot; on MAX the two differ. */
  dialogs: Map<number, number>;
}

/** Thrown by route handlers; becomes a non-200 `{code,message}` answer. */
export class MaxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  static badRequest(message: string): MaxError {
    return new MaxError(400, 'proto.payload', message);
  }
}

export const INVALID_TOKEN: MaxFault = { status: 401, body: { code: 'verify.token', message: 'Invalid access_token' } };
export const CHAT_DENIED: MaxFault = {
  status: 403,
  body: { code: 'chat.denied', message: 'chat.denied: dialog.suspended' },
};
export const TOO_MANY_REQUESTS: MaxFault = {
  status: 429,
  body: { code: 'too.many.requests', message: 'Too many requests' },
};
