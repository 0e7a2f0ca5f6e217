import { Fact, MessageFact, touchOf } from './facts';

interface TgUser {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
}

interface TgMessage {
  message_id: number;
  from?: TgUser;
  date: number;
  chat: { id: number; type: string };
  text?: string;
  caption?: string;
  contact?: { phone_number: string; user_id?: number };
}

interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  my_chat_member?: { chat: { id: number; type: string }; from: TgUser; date: number; new_chat_member: { status: string } };
}

/** Telegram's send methods whose answer is the sent Message (text or caption). */
export const TELEGRAM_SEND_METHODS = new Set([
  'sendmessage',
  'sendphoto',
  'sendaudio',
  'senddocument',
  'sendvideo',
  'sendanimation',
  'sendvoice',
  'sendpaidmedia',
  'sendlivephoto',
]);

/** Facts of one Telegram Update: private-chat messages from users, and block/unblock of the bot. */
export function telegramUpdateFacts(update: unknown): Fact[] {
  const u = update as TgUpdate;
  if (!u || typeof u.update_id !== 'number') return [];
  const message = u.message;
  if (message && message.chat?.type === 'private' && message.from && !message.from.is_bot) {
    return [inboundMessage(u.update_id, message, message.from, update)];
  }
  const member = u.my_chat_member;
  if (member && member.chat?.type === 'private' && member.from) {
    const status = member.new_chat_member?.status;
    const at = new Date(member.date * 1000);
    if (status === 'kicked') return [{ kind: 'blocked', externalUserId: String(member.from.id), at }];
    if (status === 'member') return [{ kind: 'unblocked', externalUserId: String(member.from.id), at }];
  }
  return [];
}

function inboundMessage(updateId: number, message: TgMessage, from: TgUser, raw: unknown): MessageFact {
  const text = message.text ?? message.caption ?? null;
  const ownContact = message.contact && message.contact.user_id === from.id ? message.contact.phone_number : null;
  return {
    kind: 'message',
    direction: 'in',
    dedupeKey: `tg:update:${updateId}`,
    externalUserId: String(from.id),
    profile: {
      username: from.username ?? null,
      firstName: from.first_name ?? null,
      lastName: from.last_name ?? null,
      isPremium: from.is_premium === true,
      languageCode: from.language_code ?? null,
    },
    text,
    platformMessageId: String(message.message_id),
    at: new Date(message.date * 1000),
    raw,
    phone: ownContact,
    touch: touchOf(message.text ?? null),
  };
}

/**
 * Facts of a successful Telegram send call. `result` is the answer's `result`: the sent Message for
 * sendMessage and the caption-bearing methods, only `{ message_id }` for copyMessage (then the call's
 * own `chat_id` and `caption` tell the rest).
 */
export function telegramSentFacts(method: string, params: Record<string, unknown> | null, result: unknown): Fact[] {
  const name = method.toLowerCase();
  if (TELEGRAM_SEND_METHODS.has(name)) {
    const message = result as TgMessage | undefined;
    if (!message?.chat || message.chat.type !== 'private') return [];
    return [
      outbound(String(message.chat.id), message.text ?? message.caption ?? null, message.message_id, new Date(message.date * 1000)),
    ];
  }
  if (name === 'copymessage') {
    const chatId = privateChatId(params?.chat_id);
    const messageId = (result as { message_id?: number } | undefined)?.message_id;
    if (chatId === null || typeof messageId !== 'number') return [];
    return [outbound(chatId, stringOrNull(params?.caption), messageId, new Date())];
  }
  return [];
}

/** A send call answered 403 `Forbidden: bot was blocked by the user`: a block of the private chat it named. */
export function telegramForbiddenSendFacts(params: Record<string, unknown> | null, at: Date): Fact[] {
  const chatId = privateChatId(params?.chat_id);
  return chatId === null ? [] : [{ kind: 'blocked', externalUserId: chatId, at }];
}

/** A webhook answer that is an API call (`{ method: 'sendMessage', chat_id, text }`) sends a message with no id we can see. */
export function telegramWebhookReplyFacts(reply: Record<string, unknown>, replyId: string): Fact[] {
  const name = String(reply.method ?? '').toLowerCase();
  if (!TELEGRAM_SEND_METHODS.has(name) && name !== 'copymessage') return [];
  const chatId = privateChatId(reply.chat_id);
  if (chatId === null) return [];
  const text = stringOrNull(reply.text) ?? stringOrNull(reply.caption);
  return [{ ...outbound(chatId, text, null, new Date()), dedupeKey: `tg:reply:${replyId}` }];
}

/** Sent messages keep no raw copy: `raw_json` is for updates, and skipping it keeps the mirror's hot path cheap. */
function outbound(chatId: string, text: string | null, messageId: number | null, at: Date): MessageFact {
  return {
    kind: 'message',
    direction: 'out',
    dedupeKey: `tg:sent:${chatId}:${messageId}`,
    externalUserId: chatId,
    profile: null,
    text,
    platformMessageId: messageId === null ? null : String(messageId),
    at,
    raw: null,
    phone: null,
    touch: null,
  };
}

/** In private chats the chat id is the user's id, a positive integer; groups and channels are negative, usernames start with @. */
function privateChatId(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d{0,19}$/.test(text) ? text : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
