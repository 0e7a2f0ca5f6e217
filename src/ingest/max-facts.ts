import { ButtonPressFact, ContactProfile, Fact, MessageFact, touchOf } from './facts';
import { Json, objectOrNull, platformTime, safeIntegerOrNull, userIdOrNull } from './payload-fields';
import { textOrNull } from './postgres-text';

/**
 * Facts of one MAX Update: dialog messages from users, `bot_started` as an inbound `/start <payload>`
 * (so reports treat both platforms alike), `message_callback` in a dialog as a button press, and
 * `bot_stopped` as a block. A field of the wrong type
 * counts as absent: a message without a usable sender id or `mid` is skipped, a bad `timestamp`
 * becomes the time it was received, a `text` that is not a string leaves the message without text.
 */
export function maxUpdateFacts(update: unknown, receivedAt = new Date()): Fact[] {
  const u = objectOrNull(update);
  if (!u || typeof u.update_type !== 'string') return [];
  const at = platformTime(u.timestamp, 1, receivedAt);
  switch (u.update_type) {
    case 'message_created':
      return messageCreated(u, update, receivedAt);
    case 'bot_started':
      return botStarted(u, update, at);
    case 'message_callback':
      return messageCallback(u, receivedAt);
    case 'bot_stopped': {
      const userId = userIdOrNull(objectOrNull(u.user)?.user_id);
      return userId === null ? [] : [{ kind: 'blocked', externalUserId: userId, at }];
    }
    default:
      return [];
  }
}

function messageCreated(u: Json, raw: unknown, receivedAt: Date): Fact[] {
  const message = objectOrNull(u.message);
  const body = objectOrNull(message?.body);
  const sender = objectOrNull(message?.sender);
  const mid = textOrNull(body?.mid);
  if (
    !message ||
    !body ||
    !sender ||
    !mid ||
    sender.is_bot === true ||
    objectOrNull(message.recipient)?.chat_type !== 'dialog'
  )
    return [];
  const text = textOrNull(body.text);
  const fact = inbound(sender, textOrNull(u.user_locale), {
    dedupeKey: `max:message_created:${mid}`,
    text,
    platformMessageId: mid,
    // The update's time before the arrival's: a redelivered update must carry the same time, which is part of the
    // key that dedupes it (messages_dedupe holds the partition key).
    at: platformTime(message.timestamp, 1, platformTime(u.timestamp, 1, receivedAt)),
    raw,
    phone: ownPhone(body, sender),
    touch: touchOf(text),
  });
  return fact ? [fact] : [];
}

/**
 * A button pressed under a message of a dialog. The callback's message tells the chat type; without it
 * (deleted) a dialog cannot be told from a group, so the press is not recorded, nor one without a payload.
 */
function messageCallback(u: Json, receivedAt: Date): ButtonPressFact[] {
  const callback = objectOrNull(u.callback);
  const user = objectOrNull(callback?.user);
  const id = textOrNull(callback?.callback_id);
  const data = textOrNull(callback?.payload);
  if (!callback || !user || !id || data === null || user.is_bot === true) return [];
  if (objectOrNull(objectOrNull(u.message)?.recipient)?.chat_type !== 'dialog') return [];
  const userId = userIdOrNull(user.user_id);
  if (userId === null) return [];
  return [
    {
      kind: 'press',
      dedupeKey: `max:callback:${id}`,
      externalUserId: userId,
      profile: profileOf(user, textOrNull(u.user_locale)),
      data,
      at: platformTime(callback.timestamp, 1, platformTime(u.timestamp, 1, receivedAt)),
    },
  ];
}

function botStarted(u: Json, raw: unknown, at: Date): Fact[] {
  const user = objectOrNull(u.user);
  if (!user) return [];
  const parameter = textOrNull(u.payload)?.trim() || null;
  // bot_started carries no message id: the chat and the moment identify it.
  const chat = safeIntegerOrNull(u.chat_id) ?? userIdOrNull(user.user_id);
  const fact = inbound(user, textOrNull(u.user_locale), {
    dedupeKey: `max:bot_started:${chat}:${at.getTime()}`,
    text: parameter ? `/start ${parameter}` : '/start',
    platformMessageId: null,
    at,
    raw,
    phone: null,
    touch: { parameter },
  });
  return fact ? [fact] : [];
}

function inbound(
  user: Json,
  locale: string | null,
  fields: Pick<MessageFact, 'dedupeKey' | 'text' | 'platformMessageId' | 'at' | 'raw' | 'phone' | 'touch'>,
): MessageFact | null {
  const userId = userIdOrNull(user.user_id);
  if (userId === null) return null;
  return {
    kind: 'message',
    direction: 'in',
    externalUserId: userId,
    profile: profileOf(user, locale),
    ...fields,
  };
}

function profileOf(user: Json, locale: string | null): ContactProfile {
  return {
    username: textOrNull(user.username),
    firstName: textOrNull(user.first_name),
    lastName: textOrNull(user.last_name),
    isPremium: false,
    languageCode: locale,
  };
}

/** A shared contact whose MAX profile is the sender's own: the phone from its vCard TEL line. */
function ownPhone(body: Json, sender: Json): string | null {
  const attachments = Array.isArray(body.attachments) ? body.attachments : [];
  for (const attachment of attachments.map(objectOrNull)) {
    const payload = objectOrNull(attachment?.payload);
    if (attachment?.type !== 'contact' || !payload) continue;
    const owner = userIdOrNull(objectOrNull(payload.max_info)?.user_id);
    const vcf = textOrNull(payload.vcf_info);
    if (owner === null || owner !== userIdOrNull(sender.user_id) || vcf === null) continue;
    const tel = /^TEL[^:\r\n]*:(.+)$/im.exec(vcf)?.[1]?.trim();
    if (tel) return tel;
  }
  return null;
}

/** Facts of a successful MAX `POST /messages`: the answer's `message`, sent into a dialog. */
export function maxSentFacts(params: Record<string, unknown> | null, result: unknown): Fact[] {
  const message = objectOrNull(objectOrNull(result)?.message);
  const body = objectOrNull(message?.body);
  const mid = textOrNull(body?.mid);
  if (!message || !body || !mid) return [];
  const recipient = objectOrNull(message.recipient);
  if (recipient?.chat_type !== undefined && recipient.chat_type !== 'dialog') return [];
  const userId = userIdOrNull(recipient?.user_id) ?? userIdOrNull(params?.user_id);
  if (userId === null) return [];
  return [
    {
      kind: 'message',
      direction: 'out',
      dedupeKey: `max:sent:${mid}`,
      externalUserId: userId,
      profile: null,
      text: textOrNull(body.text),
      platformMessageId: mid,
      at: platformTime(message.timestamp, 1, new Date()),
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
  const userId = userIdOrNull(params?.user_id);
  return userId === null ? [] : [{ kind: 'blocked', externalUserId: userId, at }];
}
