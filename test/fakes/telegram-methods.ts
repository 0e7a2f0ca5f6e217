import { Waiters } from './fake-server';
import { asBool, asInt, asJson, asString, clamp, UploadedFile } from './http-util';
import {
  BLOCKED_BY_USER,
  MEDIA_METHODS,
  POLL_TERMINATED,
  StoredFile,
  TgBotState,
  TgChat,
  TgError,
  TgMessage,
  TgUpdate,
  WEBHOOK_CONFLICT,
} from './telegram-types';

type Params = Record<string, unknown>;
export type TgMethod = (bot: TgBotState, params: Params, files: UploadedFile[]) => unknown;

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export const unixNow = (): number => Math.floor(Date.now() / 1000);

let fileCounter = 0;

export function storeFile(bot: TgBotState, filePath: string, bytes: Buffer): StoredFile {
  const n = ++fileCounter;
  const file = { file_id: `file-${bot.user.id}-${n}`, file_unique_id: `uniq-${n}`, file_path: filePath, bytes };
  bot.files.set(filePath, file);
  return file;
}

export function appendMessage(bot: TgBotState, chat: TgChat, fields: Partial<TgMessage>): TgMessage {
  return { message_id: bot.nextMessageId++, from: bot.user, chat, date: unixNow(), ...fields };
}

/** Sends record their message so tests can read what the bot said. */
function sendTo(bot: TgBotState, params: Params, fields: Partial<TgMessage>): TgMessage {
  const message = appendMessage(bot, targetChat(bot, params), fields);
  const markup = asJson(params.reply_markup);
  if (markup && typeof markup === 'object') message.reply_markup = markup;
  bot.sent.push(message);
  return message;
}

function targetChat(bot: TgBotState, params: Params): TgChat {
  const raw = asString(params.chat_id);
  if (!raw) throw TgError.badRequest('chat_id is empty');
  if (bot.blocked.has(raw)) throw new TgError(BLOCKED_BY_USER);
  if (bot.missingChats.has(raw)) throw TgError.badRequest('chat not found');
  const id = Number(raw);
  return Number.isInteger(id)
    ? { id, type: id > 0 ? 'private' : 'group' }
    : { id: raw, type: 'channel', username: raw.slice(1) };
}

function sendMedia(field: string): TgMethod {
  return (bot, params, files) => {
    const caption = asString(params.caption);
    if (caption && caption.length > 1024) throw TgError.badRequest('message caption is too long');
    const upload = files.find((f) => f.field === field);
    const ref = {
      file_id: asString(params[field]) ?? `upload-${bot.nextMessageId}`,
      file_unique_id: `u${bot.nextMessageId}`,
    };
    const media = upload ? { ...ref, file_name: upload.filename, file_size: upload.size } : ref;
    const fields: Partial<TgMessage> = { [field]: field === 'photo' ? [{ ...media, width: 640, height: 640 }] : media };
    if (caption) fields.caption = caption;
    return sendTo(bot, params, fields);
  };
}

function dropConfirmed(bot: TgBotState, offset: number | undefined): void {
  if (offset === undefined || offset === 0) return;
  bot.updates = offset < 0 ? bot.updates.slice(offset) : bot.updates.filter((u) => u.update_id >= offset);
}

async function getUpdates(bot: TgBotState, params: Params, polls: Waiters): Promise<TgUpdate[]> {
  if (bot.webhook) throw new TgError(WEBHOOK_CONFLICT);
  const generation = ++bot.pollGeneration;
  // A new poll answers the held one, as a second poller does on Telegram.
  polls.wakeAll();
  dropConfirmed(bot, asInt(params.offset));
  const limit = clamp(asInt(params.limit), 1, 100, 100);
  const deadline = Date.now() + clamp(asInt(params.timeout), 0, 50, 0) * 1000;
  while (bot.updates.length === 0 && Date.now() < deadline && !polls.isClosed) {
    await polls.wait(deadline - Date.now());
    if (bot.pollGeneration !== generation) throw new TgError(POLL_TERMINATED);
  }
  return bot.updates.slice(0, limit);
}

function setWebhook(bot: TgBotState, params: Params): true {
  const url = asString(params.url) ?? '';
  if (asBool(params.drop_pending_updates)) bot.updates = [];
  if (url === '') {
    bot.webhook = undefined;
    return true;
  }
  const secret = asString(params.secret_token);
  if (secret !== undefined && !SECRET_TOKEN.test(secret))
    throw TgError.badRequest('secret token contains unallowed characters');
  const allowed = asJson(params.allowed_updates);
  bot.webhook = {
    url,
    secret_token: secret,
    // Omitting allowed_updates keeps the previous setting.
    allowed_updates: Array.isArray(allowed) ? allowed.map(String) : bot.webhook?.allowed_updates,
    max_connections: clamp(asInt(params.max_connections), 1, 100, 40),
  };
  return true;
}

function getWebhookInfo(bot: TgBotState): Record<string, unknown> {
  const info: Record<string, unknown> = {
    url: '',
    has_custom_certificate: false,
    pending_update_count: bot.updates.length,
  };
  const hook = bot.webhook;
  if (!hook) return info;
  return {
    ...info,
    url: hook.url,
    ip_address: '127.0.0.1',
    max_connections: hook.max_connections,
    ...(hook.allowed_updates ? { allowed_updates: hook.allowed_updates } : {}),
    ...(hook.last_error_date
      ? { last_error_date: hook.last_error_date, last_error_message: hook.last_error_message }
      : {}),
  };
}

export function telegramMethods(polls: Waiters): Record<string, TgMethod> {
  const media = Object.fromEntries(Object.entries(MEDIA_METHODS).map(([method, field]) => [method, sendMedia(field)]));
  return {
    ...media,
    getme: (bot) => ({
      ...bot.user,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    }),
    getupdates: (bot, params) => getUpdates(bot, params, polls),
    setwebhook: setWebhook,
    deletewebhook: (bot, params) => setWebhook(bot, { drop_pending_updates: params.drop_pending_updates }),
    getwebhookinfo: getWebhookInfo,
    sendmessage: (bot, params) => {
      const text = asString(params.text) ?? '';
      if (text.trim() === '') throw TgError.badRequest('message text is empty');
      if (text.length > 4096) throw TgError.badRequest('message is too long');
      return sendTo(bot, params, { text });
    },
    copymessage: (bot, params) => {
      if (asInt(params.message_id) === undefined) throw TgError.badRequest('message to copy not found');
      const chat = targetChat(bot, params);
      return { message_id: appendMessage(bot, chat, {}).message_id };
    },
    getuserprofilephotos: (bot, params) => {
      const userId = asInt(params.user_id);
      if (userId === undefined) throw TgError.badRequest('user not found');
      const photos = bot.profilePhotos.get(String(userId)) ?? [];
      const offset = clamp(asInt(params.offset), 0, photos.length, 0);
      return {
        total_count: photos.length,
        photos: photos.slice(offset, offset + clamp(asInt(params.limit), 1, 100, 100)),
      };
    },
    // Bot API 7.4: `true`, or 400 for a charge that is not the user's payment to this bot or was refunded already.
    refundstarpayment: (bot, params) => {
      const charge = bot.payments.get(asString(params.telegram_payment_charge_id) ?? '');
      if (!charge || charge.userId !== asInt(params.user_id)) throw TgError.badRequest('CHARGE_ID_INVALID');
      if (charge.refunded) throw TgError.badRequest('CHARGE_ALREADY_REFUNDED');
      charge.refunded = true;
      return true;
    },
    getfile: (bot, params) => {
      const fileId = asString(params.file_id);
      const file = [...bot.files.values()].find((f) => f.file_id === fileId);
      if (!file) throw TgError.badRequest('invalid file_id');
      const { bytes, ...meta } = file;
      return { ...meta, file_size: bytes.length };
    },
  };
}
