import { Fact, MessageFact, touchOf } from './facts';

interface MaxUser {
  user_id: number;
  first_name?: string;
  last_name?: string | null;
  username?: string | null;
  is_bot?: boolean;
}

interface MaxMessage {
  sender?: MaxUser;
  recipient?: { chat_id?: number; chat_type?: string; user_id?: number };
  timestamp: number;
  body?: { mid: string; text?: string | null; attachments?: Array<{ type: string; payload?: Record<string, unknown> }> | null };
}

interface MaxUpdate {
  update_type: string;
  timestamp: number;
  message?: MaxMessage;
  user?: MaxUser;
  chat_id?: number;
  payload?: string | null;
  user_locale?: string | null;
}

/**
 * Facts of one MAX Update: dialog messages from users, `bot_started` as an inbound `/start <payload>`
 * (so reports treat both platforms alike), and `bot_stopped` as a block.
 */
export function maxUpdateFacts(update: unknown): Fact[] {
  const u = update as MaxUpdate;
  if (!u || typeof u.update_type !== 'string') return [];
  switch (u.update_type) {
    case 'message_created':
      return messageCreated(u, update);
    case 'bot_started':
      return botStarted(u, update);
    case 'bot_stopped':
      return u.user ? [{ kind: 'blocked', externalUserId: String(u.user.user_id), at: new Date(u.timestamp) }] : [];
    default:
      return [];
  }
}

function messageCreated(u: MaxUpdate, raw: unknown): Fact[] {
  const message = u.message;
  const sender = message?.sender;
  if (!message?.body || !sender || sender.is_bot || message.recipient?.chat_type !== 'dialog') return [];
  const text = message.body.text ?? null;
  return [
    inbound(sender, u.user_locale ?? null, {
      dedupeKey: `max:message_created:${message.body.mid}`,
      text,
      platformMessageId: message.body.mid,
      at: new Date(message.timestamp),
      raw,
      phone: ownPhone(message, sender),
      touch: touchOf(text),
    }),
  ];
}

function botStarted(u: MaxUpdate, raw: unknown): Fact[] {
  if (!u.user) return [];
  const parameter = u.payload?.trim() || null;
  return [
    inbound(u.user, u.user_locale ?? null, {
      // bot_started carries no message id: the chat and the moment identify it.
      dedupeKey: `max:bot_started:${u.chat_id ?? u.user.user_id}:${u.timestamp}`,
      text: parameter ? `/start ${parameter}` : '/start',
      platformMessageId: null,
      at: new Date(u.timestamp),
      raw,
      phone: null,
      touch: { parameter },
    }),
  ];
}

function inbound(
  user: MaxUser,
  locale: string | null,
  fields: Pick<MessageFact, 'dedupeKey' | 'text' | 'platformMessageId' | 'at' | 'raw' | 'phone' | 'touch'>,
): MessageFact {
  return {
    kind: 'message',
    direction: 'in',
    externalUserId: String(user.user_id),
    profile: {
      username: user.username ?? null,
      firstName: user.first_name ?? null,
      lastName: user.last_name ?? null,
      isPremium: false,
      languageCode: locale,
    },
    ...fields,
  };
}

/** A shared contact whose MAX profile is the sender's own: the phone from its vCard TEL line. */
function ownPhone(message: MaxMessage, sender: MaxUser): string | null {
  for (const attachment of message.body?.attachments ?? []) {
    if (attachment.type !== 'contact' || !attachment.payload) continue;
    const owner = (attachment.payload.max_info as MaxUser | undefined)?.user_id;
    const vcf = attachment.payload.vcf_info;
    if (owner !== sender.user_id || typeof vcf !== 'string') continue;
    const tel = /^TEL[^:\r\n]*:(.+)$/im.exec(vcf)?.[1]?.trim();
    if (tel) return tel;
  }
  return null;
}

/** Facts of a successful MAX `POST /messages`: the answer's `message`, sent into a dialog. */
export function maxSentFacts(params: Record<string, unknown> | null, result: unknown): Fact[] {
  const message = (result as { message?: MaxMessage } | undefined)?.message;
  if (!message?.body?.mid) return [];
  const recipient = message.recipient;
  if (recipient?.chat_type && recipient.chat_type !== 'dialog') return [];
  const userId = recipient?.user_id ?? numberOrNull(params?.user_id);
  if (userId === null || userId === undefined) return [];
  return [
    {
      kind: 'message',
      direction: 'out',
      dedupeKey: `max:sent:${message.body.mid}`,
      externalUserId: String(userId),
      profile: null,
      text: message.body.text ?? null,
      platformMessageId: message.body.mid,
      at: new Date(message.timestamp ?? Date.now()),
      raw: null,
      phone: null,
      touch: null,
    },
  ];
}

/**
 * A `POST /messages?user_id=` answered 403 (`chat.denied`): a block of that user. A `chat_id` is not
 * the user's id in a dialog (platforms.md §3), so a call naming only the chat tells nothing.
 */
export function maxForbiddenSendFacts(params: Record<string, unknown> | null, at: Date): Fact[] {
  const userId = numberOrNull(params?.user_id);
  return userId === null ? [] : [{ kind: 'blocked', externalUserId: String(userId), at }];
}

function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}
