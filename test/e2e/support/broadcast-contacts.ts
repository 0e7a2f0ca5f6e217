import request from 'supertest';
import { CaptureBot, CaptureService } from '../../../src/ingest/capture.service';
import { eventually } from './eventually';
import { bindTelegramBot } from './factories';
import type { TestApp } from './test-app';
import { bearer } from './session';

let updateId = 1;

export interface TelegramContactInput {
  id: number;
  /** The first message, `/start` by default (`/start <param>` attributes a source). */
  text?: string;
  language_code?: string;
  /** Unix seconds of the message, i.e. the contact's last_seen_at. */
  date?: number;
}

/** Creates Telegram contacts through the real ingest, one private message each. */
export async function addTelegramContacts(
  ctx: TestApp,
  bot: CaptureBot,
  contacts: Array<number | TelegramContactInput>,
): Promise<void> {
  const updates = contacts.map((entry) => {
    const input = typeof entry === 'number' ? { id: entry } : entry;
    const id = updateId++;
    return {
      update_id: id,
      message: {
        message_id: id,
        from: { id: input.id, is_bot: false, first_name: `User ${input.id}`, language_code: input.language_code },
        chat: { id: input.id, type: 'private' },
        date: input.date ?? Math.floor(Date.now() / 1000),
        text: input.text ?? '/start',
      },
    };
  });
  await ctx.app.get(CaptureService).inboundUpdates(bot, updates);
}

/** A Telegram bot of `owner` whose contacts are `ids` (one `/start` each), so counts and pacing are per test. */
export async function telegramBotWithContacts(
  ctx: TestApp,
  owner: { token: string; user: { id: string } },
  ids: number[],
) {
  const bound = await bindTelegramBot(ctx, owner.token);
  const capture: CaptureBot = { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
  await addTelegramContacts(ctx, capture, ids);
  return { ...bound, capture };
}

/** Creates MAX contacts through the real ingest (`message_created` in each user's dialog). */
export async function addMaxContacts(ctx: TestApp, bot: CaptureBot, userIds: number[]): Promise<void> {
  const now = Date.now();
  const updates = userIds.map((userId, index) => ({
    update_type: 'message_created',
    timestamp: now + index,
    user_locale: 'ru',
    message: {
      sender: { user_id: userId, first_name: `User ${userId}` },
      recipient: { chat_id: 9_000_000 + userId, chat_type: 'dialog' },
      timestamp: now + index,
      body: { mid: `mid.${userId}.${now}`, text: 'hello' },
    },
  }));
  await ctx.app.get(CaptureService).inboundUpdates(bot, updates);
}

/** How many messages each chat got from the bot on the fake platform. */
export function messagesPerChat(
  sent: Array<{ chat: { id: number | string } } | { recipient: { user_id: number | null } }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of sent) {
    const chat = 'chat' in message ? String(message.chat.id) : String(message.recipient.user_id);
    counts.set(chat, (counts.get(chat) ?? 0) + 1);
  }
  return counts;
}

const DAY_S = 24 * 60 * 60;

/**
 * A Telegram bot whose contacts cover every segment filter:
 * 11 instagram/ru · 12 "insta" (mapped to instagram, campaign spring)/en · 13 vk, campaign summer/ru ·
 * 14 no source/en, last seen 40 days ago · 15 instagram, blocked · 16 no source/ru, asked about delivery
 * (intent `delivery`).
 */
export async function botWithSegmentAudience(ctx: TestApp, owner: { token: string; user: { id: string } }) {
  const auth = bearer(owner);
  const bound = await bindTelegramBot(ctx, owner.token);
  const capture: CaptureBot = { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
  await request(ctx.url)
    .post(`/api/bots/${bound.bot.id}/intents`)
    .set(auth)
    .send({ name: 'delivery', keywords: ['доставка'], patterns: [] })
    .expect(201);
  await request(ctx.url)
    .put(`/api/bots/${bound.bot.id}/sources/mappings`)
    .set(auth)
    .send([{ raw: 'insta', source_value: 'instagram', campaign_name: 'spring' }])
    .expect(200);
  await addTelegramContacts(ctx, capture, [
    { id: 11, text: '/start instagram', language_code: 'ru' },
    { id: 12, text: '/start insta', language_code: 'en' },
    { id: 13, text: '/start utm_source=vk|utm_campaign=summer', language_code: 'ru' },
    { id: 14, text: '/start', language_code: 'en', date: Math.floor(Date.now() / 1000) - 40 * DAY_S },
    { id: 15, text: '/start instagram', language_code: 'ru' },
    { id: 16, text: 'где моя доставка?', language_code: 'ru' },
  ]);
  await ctx.db.query(`UPDATE contacts SET blocked_at = now() WHERE bot_id = $1 AND external_user_id = '15'`, [
    bound.bot.id,
  ]);
  // Intents are matched after the message is stored.
  await eventually(async () => {
    const matched = await ctx.db.query(`SELECT count(*)::int AS n FROM message_intents WHERE bot_id = $1`, [
      bound.bot.id,
    ]);
    if (matched.rows[0].n !== 1) throw new Error(`${matched.rows[0].n} intent matches so far`);
  });
  return { ...bound, capture };
}
