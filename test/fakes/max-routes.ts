import { Waiters } from './fake-server';
import { asInt, asString, clamp } from './http-util';
import { CHAT_DENIED, MaxBotState, MaxError, MaxMessage, MaxSubscription, MaxUser, MaxUserInput } from './max-types';

export interface RouteContext {
  bot: MaxBotState;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** Capture groups of the route's path pattern. */
  match: string[];
}

export interface Route {
  method: string;
  path: RegExp;
  run: (ctx: RouteContext) => unknown;
}

const SECRET = /^[A-Za-z0-9_-]{5,256}$/;
// Keeps fake dialog ids apart from user ids, which on MAX always differ.
const DIALOG_ID_BASE = 1_000_000_000_000;
let midCounter = 0x1000;

export function maxUser(input: MaxUserInput): MaxUser {
  const firstName = input.first_name ?? input.name ?? 'User';
  return {
    username: null,
    is_bot: false,
    last_activity_time: Date.now(),
    ...input,
    first_name: firstName,
    name: input.name ?? firstName,
  };
}

export function dialogChatId(bot: MaxBotState, userId: number): number {
  const existing = bot.dialogs.get(userId);
  if (existing !== undefined) return existing;
  bot.dialogs.set(userId, DIALOG_ID_BASE + userId);
  return DIALOG_ID_BASE + userId;
}

export function userOfChat(bot: MaxBotState, chatId: number): number | undefined {
  for (const [userId, id] of bot.dialogs) if (id === chatId) return userId;
  return undefined;
}

export function newMessageBody(text: string | null, attachments?: unknown[]): MaxMessage['body'] {
  const seq = ++midCounter;
  return { mid: `mid.${seq.toString(16).padStart(16, '0')}`, seq, text, attachments: attachments ?? null };
}

/** The bot as it appears in `sender`: a plain User without the profile fields. */
function botAsUser(bot: MaxBotState): MaxUser {
  const { description: _d, avatar_url: _a, full_avatar_url: _f, ...user } = bot.info;
  return user;
}

async function getUpdates(bot: MaxBotState, query: Record<string, string>, polls: Waiters): Promise<unknown> {
  const marker = asInt(query.marker);
  if (marker !== undefined) bot.updates = bot.updates.filter((u) => u.index >= marker);
  const limit = clamp(asInt(query.limit), 1, 1000, 100);
  const types = query.types ? query.types.split(',') : undefined;
  const matching = (): MaxBotState['updates'] =>
    bot.updates.filter((u) => !types || types.includes(u.update.update_type)).slice(0, limit);
  const deadline = Date.now() + clamp(asInt(query.timeout), 0, 90, 30) * 1000;
  while (matching().length === 0 && Date.now() < deadline && !polls.isClosed) {
    await polls.wait(deadline - Date.now());
  }
  const found = matching();
  const next = found.length ? found[found.length - 1].index + 1 : Math.max(marker ?? 0, bot.nextIndex);
  return { updates: found.map((u) => u.update), marker: next };
}

function postMessage({ bot, query, body }: RouteContext): { message: MaxMessage } {
  const chatParam = asInt(query.chat_id);
  const userParam = asInt(query.user_id);
  if (chatParam === undefined && userParam === undefined) throw MaxError.badRequest('chat_id or user_id is required');
  const chatId = chatParam ?? dialogChatId(bot, userParam as number);
  const userId = userParam ?? userOfChat(bot, chatId) ?? null;
  if (bot.blocked.has(String(chatId)) || (userId !== null && bot.blocked.has(String(userId)))) {
    const { code, message } = CHAT_DENIED.body as { code: string; message: string };
    throw new MaxError(CHAT_DENIED.status, code, message);
  }
  const text = asString(body.text) ?? null;
  if (text !== null && text.length > 4000) throw MaxError.badRequest('text: size must be between 0 and 4000');
  const attachments = Array.isArray(body.attachments) ? body.attachments : undefined;
  const message: MaxMessage = {
    sender: botAsUser(bot),
    recipient: { chat_id: chatId, chat_type: 'dialog', user_id: userId },
    timestamp: Date.now(),
    body: newMessageBody(text, attachments),
  };
  bot.sent.push(message);
  return { message };
}

function subscribe({ bot, body }: RouteContext): { success: true } {
  const url = asString(body.url);
  if (!url) throw MaxError.badRequest('url: must not be empty');
  const secret = asString(body.secret);
  if (secret !== undefined && !SECRET.test(secret))
    throw MaxError.badRequest('secret: must match [A-Za-z0-9_-]{5,256}');
  const subscription: MaxSubscription = {
    url,
    time: Date.now(),
    update_types: Array.isArray(body.update_types) ? body.update_types.map(String) : [],
    secret,
    version: asString(body.version),
  };
  bot.subscriptions = [...bot.subscriptions.filter((s) => s.url !== url), subscription];
  return { success: true };
}

function getChat({ bot, match }: RouteContext): unknown {
  const chatId = Number(match[1]);
  const userId = userOfChat(bot, chatId);
  if (userId === undefined) throw new MaxError(404, 'chat.not.found', `Chat ${match[1]} not found`);
  return {
    chat_id: chatId,
    type: 'dialog',
    status: 'active',
    title: null,
    icon: null,
    last_event_time: Date.now(),
    participants_count: 2,
    is_public: false,
    dialog_with_user: bot.users.get(userId) ?? maxUser({ user_id: userId }),
  };
}

export function maxRoutes(polls: Waiters): Route[] {
  return [
    { method: 'GET', path: /^\/me$/, run: ({ bot }) => bot.info },
    { method: 'GET', path: /^\/updates$/, run: ({ bot, query }) => getUpdates(bot, query, polls) },
    { method: 'POST', path: /^\/messages$/, run: postMessage },
    {
      method: 'GET',
      path: /^\/subscriptions$/,
      run: ({ bot }) => ({
        subscriptions: bot.subscriptions.map(({ url, time, update_types }) => ({ url, time, update_types })),
      }),
    },
    { method: 'POST', path: /^\/subscriptions$/, run: subscribe },
    {
      method: 'DELETE',
      path: /^\/subscriptions$/,
      run: ({ bot, query }) => {
        if (!query.url) throw MaxError.badRequest('url is required');
        bot.subscriptions = bot.subscriptions.filter((s) => s.url !== query.url);
        return { success: true };
      },
    },
    { method: 'GET', path: /^\/chats\/(-?\d+)$/, run: getChat },
  ];
}
