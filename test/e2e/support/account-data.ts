import request from 'supertest';
import { CaptureBot, CaptureService } from '../../../src/ingest/capture.service';
import { heldUpdateKey } from '../../../src/polling/held-update-key';
import { HeldUpdatesStore } from '../../../src/polling/held-updates.store';
import { RawRetentionService } from '../../../src/cleanup/raw-retention.service';
import { TrackedLinks } from '../../../src/links/tracked-links';
import { addTelegramContacts } from './broadcast-contacts';
import { eventually } from './eventually';
import { bindTelegramBot, issueKey } from './factories';
import type { TestApp } from './test-app';
import type { WebhookReceiver } from './webhook-receiver';
import { bearer } from './session';

export interface Owner {
  token: string;
  user: { id: string };
}

let heldUpdateId = 90_000;
const count = async (ctx: TestApp, sql: string, params: unknown[]) =>
  (await ctx.db.query(sql, params)).rows[0].n as number;

/**
 * Binds a Telegram bot and gives it a row in every table that holds a bot's data, through the real
 * API and ingest: contacts, messages, touches, rollups, a button press, a payment, a mapping, an intent and its
 * matches, a funnel with reach, a broadcast with a file and its recipients, held updates, a raw-retention mark, a
 * tracked link and a click on it, and the health measures' rows (a reply time, a platform error, a target failure, a
 * poll, an alert).
 */
export async function botWithData(ctx: TestApp, owner: Owner) {
  const auth = bearer(owner);
  const bound = await bindTelegramBot(ctx, owner.token);
  const botId = bound.bot.id;
  const capture: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };

  await request(ctx.url)
    .post(`/api/bots/${botId}/intents`)
    .set(auth)
    .send({ name: 'delivery', keywords: ['доставка'], patterns: [] })
    .expect(201);
  await request(ctx.url)
    .put(`/api/bots/${botId}/sources/mappings`)
    .set(auth)
    .send([{ raw: 'vk', source_value: 'VK' }])
    .expect(200);
  await request(ctx.url)
    .put(`/api/bots/${botId}/funnel/config`)
    .set(auth)
    .send({
      stages: [
        { name: 'Start', type: 'command', value: '/start' },
        { name: 'Asked', type: 'intent', value: 'delivery' },
      ],
    })
    .expect(200);
  await eventually(async () => {
    const funnel = await request(ctx.url).get(`/api/bots/${botId}/funnel`).set(auth).expect(200);
    if (funnel.body.computing) throw new Error('funnel still computing');
  });

  await addTelegramContacts(ctx, capture, [
    { id: 1, text: '/start vk' },
    { id: 2, text: 'где доставка?' },
  ]);
  await ctx.app.get(CaptureService).inboundUpdates(capture, [
    {
      update_id: ++heldUpdateId,
      callback_query: {
        id: `press-${heldUpdateId}`,
        from: { id: 1, is_bot: false, first_name: 'User 1' },
        message: { message_id: 1, chat: { id: 1, type: 'private' }, date: 0, text: 'menu' },
        data: 'buy',
      },
    },
    {
      update_id: ++heldUpdateId,
      message: {
        message_id: heldUpdateId,
        from: { id: 1, is_bot: false, first_name: 'User 1' },
        chat: { id: 1, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        successful_payment: {
          currency: 'XTR',
          total_amount: 50,
          invoice_payload: 'stars:50',
          telegram_payment_charge_id: `charge-${heldUpdateId}`,
          provider_payment_charge_id: '',
        },
      },
    },
  ]);
  await eventually(async () => {
    const matches = await count(ctx, `SELECT count(*)::int AS n FROM message_intents WHERE bot_id = $1`, [botId]);
    const reach = await count(ctx, `SELECT count(*)::int AS n FROM funnel_reach WHERE bot_id = $1`, [botId]);
    if (matches < 1 || reach < 2) throw new Error(`${matches} intent matches, ${reach} funnel reach rows so far`);
  });

  const broadcast = await request(ctx.url)
    .post(`/api/bots/${botId}/broadcasts`)
    .set(auth)
    .field('text', 'news')
    .field('kind', 'file')
    .attach('file', Buffer.from('price list'), 'prices.txt')
    .expect(201);
  await eventually(async () => {
    const list = await request(ctx.url).get(`/api/bots/${botId}/broadcasts`).set(auth).expect(200);
    const found = list.body.data.find((b: { id: string }) => b.id === broadcast.body.id);
    if (found?.status !== 'done') throw new Error(`broadcast ${found?.status}`);
  }, 15_000);

  const update = {
    update_id: ++heldUpdateId,
    message: { message_id: heldUpdateId, chat: { id: 1, type: 'private' }, date: 0, text: 'held' },
  };
  const raw = JSON.stringify(update);
  await ctx.app.get(HeldUpdatesStore).hold(botId, heldUpdateKey('telegram', update, raw), raw);
  // A pass of the raw-copy retention leaves each bot its mark.
  await ctx.app.get(RawRetentionService).runOnce();
  // A tracked link, opened once by a contact through its own link (the redirect answers after the click is stored).
  const link = await request(ctx.url)
    .post(`/api/bots/${botId}/links`)
    .set(auth)
    .send({ url: 'https://example.com/' })
    .expect(201);
  const [contact] = (await ctx.db.query(`SELECT id FROM contacts WHERE bot_id = $1 LIMIT 1`, [botId])).rows;
  const personal = new URL(ctx.app.get(TrackedLinks).personalLink(link.body, contact.id));
  await request(ctx.url).get(personal.pathname).expect(302);
  // The health measures' rows (issue 27), as the ingest, the mirror, the proxy and the alert check write them.
  const [inbound] = (
    await ctx.db.query(`SELECT id, created_at FROM messages WHERE bot_id = $1 AND direction = 'in' LIMIT 1`, [botId])
  ).rows;
  await ctx.db.query(
    `INSERT INTO message_replies (message_id, bot_id, inbound_at, latency_ms) VALUES ($1, $2, $3, 1200)`,
    [inbound.id, botId, inbound.created_at],
  );
  await ctx.db.query(
    `INSERT INTO reply_time_counts (bot_id, day, bucket_ms, replies) VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1200, 1)`,
    [botId, inbound.created_at],
  );
  await ctx.db.query(
    `INSERT INTO platform_errors (bot_id, at, method, error_code, description, retry_after, is_send)
     VALUES ($1, now(), 'sendMessage', 429, 'Too Many Requests: retry after N', 5, true)`,
    [botId],
  );
  await ctx.db.query(`INSERT INTO target_failures (bot_id, at, error, streak) VALUES ($1, now(), 'ECONNREFUSED', 1)`, [
    botId,
  ]);
  await ctx.db.query(`INSERT INTO bot_polls (bot_id, last_poll_at) VALUES ($1, now())`, [botId]);
  await ctx.db.query(`INSERT INTO bot_alerts (bot_id, kind) VALUES ($1, 'silence')`, [botId]);
  return { ...bound, capture };
}

/**
 * Account-level rows: a key, an invoice, this month's usage, a pending confirmation code, an
 * invitation, a support request with an answer, and (last, so no traffic delivers to it) a webhook
 * subscription for all bots and one for `botId`, each with a delivery.
 */
export async function accountData(ctx: TestApp, owner: Owner, admin: string, receiver: WebhookReceiver, botId: string) {
  const auth = bearer(owner);
  await issueKey(ctx, owner.token, ['read']);
  await request(ctx.url).put('/api/billing/tariff').set(auth).send({ tariff: 'pro' }).expect(200);
  // The free plan's cap keeps this row while the account records on `free`; make sure there is one either way.
  await ctx.db.query(
    `INSERT INTO usage_months (user_id, month, messages) VALUES ($1, date_trunc('month', now())::date, 3) ON CONFLICT (user_id, month) DO NOTHING`,
    [owner.user.id],
  );
  await ctx.db.query(
    `INSERT INTO email_codes (user_id, code_hash, expires_at) VALUES ($1, 'x', now() + interval '15 minutes')`,
    [owner.user.id],
  );
  await ctx.db.query(
    `INSERT INTO team_invites (account_id, email, role, token_hash, expires_at, accepted_at) VALUES ($1, 'x@example.test', 'observer', md5(random()::text), now() + interval '1 day', now())`,
    [owner.user.id],
  );
  const ticket = await request(ctx.url)
    .post('/api/support')
    .set(auth)
    .send({ subject: 'Help', text: 'Please' })
    .expect(201);
  await request(ctx.url)
    .post(`/api/admin/support/${ticket.body.id}/reply`)
    .set(bearer(admin))
    .send({ text: 'Done' })
    .expect(201);

  for (const bot_id of [undefined, botId]) {
    const subscription = await request(ctx.url)
      .post('/api/me/webhooks')
      .set(auth)
      .send({ url: receiver.url, events: ['contact.created'], bot_id })
      .expect(201);
    await request(ctx.url).post(`/api/me/webhooks/${subscription.body.id}/test`).set(auth).expect(200);
  }
  await eventually(async () => {
    const deliveries = await count(
      ctx,
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id WHERE s.user_id = $1`,
      [owner.user.id],
    );
    if (deliveries < 2) throw new Error(`${deliveries} deliveries recorded`);
  });
}
