import {
  ButtonPressFact,
  ContactProfile,
  Fact,
  isPaymentAmount,
  MessageFact,
  PaymentFact,
  PaymentRules,
  RefundFact,
  touchOf,
} from './facts';
import { Json, objectOrNull, platformTime, safeIntegerOrNull, userIdOrNull } from './payload-fields';
import { textOrNull } from './postgres-text';

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

/**
 * Facts of one Telegram Update: private-chat messages and button presses from users, and block/unblock of the bot. A field
 * of the wrong type counts as absent: a message without a usable sender id is skipped, a bad `date`
 * becomes the time it was received, a `text` that is not a string leaves the message without text.
 */
export function telegramUpdateFacts(update: unknown, receivedAt = new Date()): Fact[] {
  const u = objectOrNull(update);
  const updateId = safeIntegerOrNull(u?.update_id);
  if (!u || updateId === null) return [];
  const message = objectOrNull(u.message);
  const from = objectOrNull(message?.from);
  if (message && objectOrNull(message.chat)?.type === 'private' && from && from.is_bot !== true) {
    const fact = inboundMessage(updateId, message, from, update, receivedAt);
    if (!fact) return [];
    // The message of a payment or a refund is also an inbound message (without text), so its dialog shows it.
    if (message.successful_payment === undefined && message.refunded_payment === undefined) return [fact];
    const money = paymentOf(message, fact) ?? refundOf(message, fact);
    return money ? [fact, money] : [fact];
  }
  const press = callbackPress(objectOrNull(u.callback_query), receivedAt);
  if (press) return [press];
  const member = objectOrNull(u.my_chat_member);
  const userId = userIdOrNull(objectOrNull(member?.from)?.id);
  if (member && objectOrNull(member.chat)?.type === 'private' && userId !== null) {
    const status = objectOrNull(member.new_chat_member)?.status;
    const at = platformTime(member.date, 1000, receivedAt);
    if (status === 'kicked') return [{ kind: 'blocked', externalUserId: userId, at }];
    if (status === 'member') return [{ kind: 'unblocked', externalUserId: userId, at }];
  }
  return [];
}

/**
 * A `callback_query` of a button under a message in a private chat. One without `data` (a game) or
 * without its message (inline mode: no chat to tell a private one by) is not a press we record. The
 * query has no date of its own: it is the moment it was received.
 */
function callbackPress(query: Json | null, receivedAt: Date): ButtonPressFact | null {
  const from = objectOrNull(query?.from);
  const userId = userIdOrNull(from?.id);
  const id = textOrNull(query?.id);
  const data = textOrNull(query?.data);
  if (!query || !from || userId === null || !id || data === null || from.is_bot === true) return null;
  if (objectOrNull(objectOrNull(query.message)?.chat)?.type !== 'private') return null;
  return {
    kind: 'press',
    dedupeKey: `tg:callback:${id}`,
    externalUserId: userId,
    profile: profileOf(from),
    data,
    at: receivedAt,
  };
}

/**
 * `successful_payment` (platforms.md §11): a payment of the message's sender, paid at the message's date. Not a
 * payment unless its charge id, amount and currency are usable (PaymentRules); the message is stored either way.
 */
function paymentOf(message: Json, inbound: MessageFact): PaymentFact | null {
  const paid = objectOrNull(message.successful_payment);
  const chargeId = chargeIdOrNull(paid?.telegram_payment_charge_id);
  const currency = paid?.currency;
  if (!paid || chargeId === null || !isPaymentAmount(paid.total_amount)) return null;
  if (typeof currency !== 'string' || !PaymentRules.currency.test(currency)) return null;
  return {
    kind: 'payment',
    externalUserId: inbound.externalUserId,
    profile: inbound.profile,
    amount: paid.total_amount,
    currency,
    chargeId,
    // Empty for Stars: no provider took part.
    providerChargeId: textOrNull(paid.provider_payment_charge_id) || null,
    payload: textOrNull(paid.invoice_payload),
    recurring: paid.is_recurring === true,
    firstRecurring: paid.is_first_recurring === true,
    subscriptionExpiresAt: platformTime(paid.subscription_expiration_date, 1000, null),
    at: inbound.at,
    origin: 'platform',
  };
}

/** `refunded_payment`: the charge it names is refunded at the message's date. */
function refundOf(message: Json, inbound: MessageFact): RefundFact | null {
  const chargeId = chargeIdOrNull(objectOrNull(message.refunded_payment)?.telegram_payment_charge_id);
  return chargeId === null
    ? null
    : { kind: 'refund', externalUserId: inbound.externalUserId, chargeId, at: inbound.at };
}

/**
 * A `refundStarPayment` call the platform answered `ok: true`: the charge is refunded now. Its parameters as the
 * mirror read them (query, JSON or urlencoded body; null for multipart, which is not read).
 */
export function telegramRefundCallFacts(params: Record<string, unknown> | null, at: Date): Fact[] {
  const userId = userIdOrNull(params?.user_id);
  const chargeId = chargeIdOrNull(params?.telegram_payment_charge_id);
  return userId === null || chargeId === null ? [] : [{ kind: 'refund', externalUserId: userId, chargeId, at }];
}

function chargeIdOrNull(value: unknown): string | null {
  return typeof value === 'string' && PaymentRules.chargeId.test(value) ? value : null;
}

function profileOf(from: Json): ContactProfile {
  return {
    username: textOrNull(from.username),
    firstName: textOrNull(from.first_name),
    lastName: textOrNull(from.last_name),
    isPremium: from.is_premium === true,
    languageCode: textOrNull(from.language_code),
  };
}

function inboundMessage(
  updateId: number,
  message: Json,
  from: Json,
  raw: unknown,
  receivedAt: Date,
): MessageFact | null {
  const userId = userIdOrNull(from.id);
  if (userId === null) return null;
  const text = textOrNull(message.text);
  const contact = objectOrNull(message.contact);
  const ownContact = contact && userIdOrNull(contact.user_id) === userId ? textOrNull(contact.phone_number) : null;
  const messageId = safeIntegerOrNull(message.message_id);
  return {
    kind: 'message',
    direction: 'in',
    dedupeKey: `tg:update:${updateId}`,
    externalUserId: userId,
    profile: profileOf(from),
    text: text ?? textOrNull(message.caption),
    platformMessageId: messageId === null ? null : String(messageId),
    at: platformTime(message.date, 1000, receivedAt),
    raw,
    phone: ownContact,
    touch: touchOf(text),
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
    const message = objectOrNull(result);
    const chat = objectOrNull(message?.chat);
    const chatId = privateChatId(chat?.id);
    const messageId = safeIntegerOrNull(message?.message_id);
    if (!message || chat?.type !== 'private' || chatId === null || messageId === null) return [];
    const text = textOrNull(message.text) ?? textOrNull(message.caption);
    return [outbound(chatId, text, messageId, platformTime(message.date, 1000, new Date()))];
  }
  if (name === 'copymessage') {
    const chatId = privateChatId(params?.chat_id);
    const messageId = safeIntegerOrNull(objectOrNull(result)?.message_id);
    if (chatId === null || messageId === null) return [];
    return [outbound(chatId, textOrNull(params?.caption), messageId, new Date())];
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
  const text = textOrNull(reply.text) ?? textOrNull(reply.caption);
  return [{ ...outbound(chatId, text, null, new Date()), dedupeKey: `tg:reply:${replyId}` }];
}

/** Sent messages keep no raw copy: `message_raws` is for updates, and skipping it keeps the mirror's hot path cheap. */
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
  return userIdOrNull(value);
}
