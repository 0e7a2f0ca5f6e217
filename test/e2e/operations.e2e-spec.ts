import { Client } from 'pg';
import request from 'supertest';
import { CaptureBot } from '../../src/ingest/capture.service';
import { MessagePartitions } from '../../src/cleanup/message-partitions';
import { RawRetentionService } from '../../src/cleanup/raw-retention.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, bindTelegramProxyBot, issueKey, registerUser } from './support/factories';
import { freePort } from './support/ports';
import { metricValue } from './support/spawned-app';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

describe('Prometheus metrics after traffic (issue 15: operations)', () => {
  let ctx: TestApp;
  let metricsUrl: string;
  let receiver: WebhookReceiver;
  let owner: { token: string; user: { id: string } };
  const scrape = async () => (await fetch(metricsUrl)).text();
  const value = async (name: string, labels: Record<string, string> = {}) => metricValue(await scrape(), name, labels);

  beforeAll(async () => {
    const port = await freePort();
    // Single instance in fleet mode: it reads one process's metrics listener and counts its traffic exactly.
    ctx = await startTestApp({ METRICS_PORT: String(port) }, { instances: 1 });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    receiver = await WebhookReceiver.start();
    owner = await registerUser(ctx);
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('starts every counter at 0 and serves the process metrics and the queues read from BullMQ', async () => {
    const text = await scrape();
    for (const [name, labels] of [
      ['botlens_mirror_requests_total', { platform: 'telegram', outcome: 'ok' }],
      ['botlens_proxy_updates_total', { platform: 'max', outcome: 'forwarded' }],
      ['botlens_ingest_facts_total', { kind: 'message_in' }],
      ['botlens_webhook_deliveries_total', { outcome: 'delivered' }],
      ['botlens_broadcast_sends_total', { outcome: 'sent' }],
    ] as const) {
      expect(text).toContain(
        `${name}{${Object.entries(labels)
          .map(([k, v]) => `${k}="${v}"`)
          .join(',')}} 0\n`,
      );
    }
    expect(text).toContain('# TYPE botlens_mirror_request_duration_seconds histogram');
    expect(text).toContain('# TYPE botlens_ingest_batch_facts histogram');
    expect(text).toContain('# TYPE botlens_ingest_commit_duration_seconds histogram');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    // The hourly cleanup waits in its queue as one delayed job (BullMQ's job scheduler).
    expect(metricValue(text, 'botlens_queue_jobs', { queue: 'cleanup', state: 'delayed' })).toBe(1);
    expect(metricValue(text, 'botlens_queue_jobs', { queue: 'broadcasts', state: 'active' })).toBe(0);
    expect(text).toMatch(/botlens_queue_jobs\{queue="broadcasts",state="waiting"\} 0\n/);
  });

  it('counts mirror calls, proxy updates, facts, broadcast sends and webhook deliveries exactly', async () => {
    // Mirror: two sends answered by the platform, one call with a token nobody bound.
    const mirrored = await bindTelegramBot(ctx, owner.token);
    for (const text of ['one', 'two']) {
      const res = await fetch(`${ctx.url}/tg/bot${mirrored.token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 7, text }),
      });
      expect(res.status).toBe(200);
    }
    expect((await fetch(`${ctx.url}/tg/bot123:unknown/getMe`)).status).toBe(401);

    // Proxy: two updates stored (no target), one with a wrong secret.
    const proxied = await bindTelegramProxyBot(ctx, owner.token);
    for (const id of [1, 2]) {
      const update = {
        update_id: id,
        message: {
          message_id: id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 8, type: 'private' },
          from: { id: 8, is_bot: false, first_name: 'Ann' },
          text: `hello ${id}`,
        },
      };
      expect((await ctx.telegram.deliverWebhook(proxied.token, update)).status).toBe(200);
    }
    await request(ctx.url).post(`/proxy/${proxied.bot.id}/wrong-secret`).send({ update_id: 3 }).expect(404);

    // Broadcast: three contacts, one of whom blocked the bot.
    const broadcaster = await bindTelegramBot(ctx, owner.token);
    const bot: CaptureBot = {
      id: broadcaster.bot.id,
      userId: owner.user.id,
      platform: 'telegram',
      utmKey: 'utm_source',
    };
    await addTelegramContacts(ctx, bot, [601, 602, 603]);
    ctx.telegram.blockUser(broadcaster.token, 601);
    const key = (await issueKey(ctx, owner.token, ['write'])).key;
    const sent = await request(ctx.url)
      .post(`/api/v1/bots/${broadcaster.bot.id}/broadcast`)
      .set('X-API-Key', key)
      .send({ text: 'news' })
      .expect(200);
    expect(sent.body).toMatchObject({ total_count: 3, sent_count: 2, failed_count: 1 });

    // Webhooks: a test ping answered 200, then one answered 500.
    const sub = (
      await request(ctx.url)
        .post('/api/me/webhooks')
        .set('Authorization', `Bearer ${owner.token}`)
        .send({ url: receiver.url, events: ['test.ping'] })
        .expect(201)
    ).body as { id: string };
    const ping = () =>
      request(ctx.url)
        .post(`/api/me/webhooks/${sub.id}/test`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200);
    await ping();
    receiver.status = 500;
    await ping();

    // The mirror records its sends after answering: wait for those facts.
    await eventually(async () => expect(await value('botlens_ingest_facts_total', { kind: 'message_out' })).toBe(4));
    const text = await scrape();
    const at = (name: string, labels: Record<string, string> = {}) => metricValue(text, name, labels);
    expect(at('botlens_mirror_requests_total', { platform: 'telegram', outcome: 'ok' })).toBe(2);
    expect(at('botlens_mirror_requests_total', { platform: 'telegram', outcome: 'client_error' })).toBe(1);
    expect(at('botlens_mirror_requests_total', { platform: 'telegram', outcome: 'bad_gateway' })).toBe(0);
    expect(at('botlens_mirror_request_duration_seconds_count', { platform: 'telegram' })).toBe(3);
    expect(at('botlens_proxy_updates_total', { platform: 'telegram', outcome: 'stored' })).toBe(2);
    expect(at('botlens_proxy_updates_total', { platform: 'unknown', outcome: 'refused' })).toBe(1);
    expect(at('botlens_proxy_updates_total', { platform: 'telegram', outcome: 'forwarded' })).toBe(0);
    // 2 proxied updates + 3 contacts' first messages in; 2 mirrored + 2 broadcast sends out.
    expect(at('botlens_ingest_facts_total', { kind: 'message_in' })).toBe(5);
    expect(at('botlens_ingest_facts_total', { kind: 'message_out' })).toBe(4);
    expect(at('botlens_ingest_batch_facts_sum')).toBe(9);
    expect(at('botlens_ingest_commit_duration_seconds_count')).toBe(at('botlens_ingest_batch_facts_count'));
    expect(at('botlens_broadcast_sends_total', { outcome: 'sent' })).toBe(2);
    expect(at('botlens_broadcast_sends_total', { outcome: 'blocked' })).toBe(1);
    expect(at('botlens_broadcast_sends_total', { outcome: 'failed' })).toBe(0);
    expect(at('botlens_webhook_deliveries_total', { outcome: 'delivered' })).toBe(1);
    expect(at('botlens_webhook_deliveries_total', { outcome: 'rejected' })).toBe(1);
    expect(at('botlens_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
  });

  it('counts the messages no month partition holds yet, until the hourly cleanup moves them into a month of their own', async () => {
    expect(await value('botlens_messages_default_partition_rows')).toBe(0);
    // Five years ahead: only the current month and the next two exist.
    await ctx.db.query(
      `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, dedupe_key, created_at)
       SELECT gen_random_uuid(), gen_random_uuid(), '1', 'in', 'stray:' || g, now() + interval '5 years' + g * interval '1 second'
         FROM generate_series(1, 3) g`,
    );
    expect(await value('botlens_messages_default_partition_rows')).toBe(3);
    // A reader holding the default partition: the month waits for the next run (1 s at most), nothing fails.
    const reader = new Client({ connectionString: ctx.config.databaseUrl });
    await reader.connect();
    await reader.query(`BEGIN; LOCK TABLE messages_default IN ACCESS SHARE MODE`);
    expect(await ctx.app.get(MessagePartitions).runOnce()).toEqual({ created: [], moved: 0 });
    expect(await value('botlens_messages_default_partition_rows')).toBe(3);
    await reader.query(`COMMIT`);
    await reader.end();
    const result = await ctx.app.get(MessagePartitions).runOnce();
    expect(result.moved).toBe(3);
    expect(result.created.filter((name) => name.startsWith('messages_p'))).toHaveLength(1);
    expect(await value('botlens_messages_default_partition_rows')).toBe(0);
    expect(
      (await ctx.db.query(`SELECT count(*)::int AS n FROM messages WHERE dedupe_key LIKE 'stray:%'`)).rows,
    ).toEqual([{ n: 3 }]);
  });

  it('is not served on the public port', async () => {
    const res = await fetch(`${ctx.url}/metrics`);
    expect(await res.text()).not.toContain('botlens_mirror_requests_total');
  });
});

describe('RAW_RETENTION_DAYS: the cleanup clears raw copies past the limit, the facts stay', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };

  beforeAll(async () => {
    ctx = await startTestApp({ RAW_RETENTION_DAYS: '30' });
    owner = await registerUser(ctx);
  });
  afterAll(() => ctx.close());

  const rows = async (sql: string, params: unknown[] = []) => (await ctx.db.query(sql, params)).rows;

  it("drops months of raw copies past 30 days, deletes the rest older than 30 days in batches, deletes old held updates and ended broadcasts' files", async () => {
    const { bot: bound } = await bindTelegramBot(ctx, owner.token);
    const bot: CaptureBot = { id: bound.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    const now = Math.floor(Date.now() / 1000);
    const day = 86_400;
    // 7 old messages (40 days), 2 recent ones (29 days and now), 2 of a month long past (100 days).
    const ages = [40, 40, 40, 40, 40, 40, 40, 29, 0, 100, 100];
    await addTelegramContacts(
      ctx,
      bot,
      ages.map((age, i) => ({ id: 700 + i, text: `message ${i}`, date: now - age * day })),
    );
    // Past months have no partition until the cleanup job makes them out of the default one.
    await ctx.app.get(MessagePartitions).runOnce();
    const month = (age: number) => {
      const at = new Date((now - age * day) * 1000);
      return `message_raws_p${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const exists = async (table: string) =>
      (await rows(`SELECT to_regclass($1) IS NOT NULL AS found`, [table]))[0].found as boolean;
    expect(await exists(month(100))).toBe(true);
    // A MAX dialog's chat id, which the ingest keeps on the message (the contact's avatar is found through it).
    await ctx.db.query(`UPDATE messages SET chat_id = '42' WHERE bot_id = $1 AND external_user_id = '700'`, [bot.id]);
    await ctx.db.query(
      `INSERT INTO held_updates (bot_id, seq, update_type, dedupe_key, body, held_at)
       VALUES ($1, 1, 'message', 'a', '{}', now() - interval '31 days'), ($1, 2, 'message', 'b', '{}', now() - interval '1 day')`,
      [bot.id],
    );
    const [ended, recent, running] = await Promise.all(
      [
        ['done', `now() - interval '31 days'`],
        ['done', `now() - interval '29 days'`],
        ['running', 'NULL'],
      ].map(async ([status, finished]) => {
        const [row] = await rows(
          `INSERT INTO broadcasts (bot_id, origin, text, status, finished_at) VALUES ($1, 'api', 'x', $2, ${finished}) RETURNING id`,
          [bot.id, status],
        );
        await ctx.db.query(
          `INSERT INTO broadcast_files (broadcast_id, file_name, mime_type, bytes) VALUES ($1, 'a.png', 'image/png', '\\x00')`,
          [row.id],
        );
        return row.id as string;
      }),
    );
    const before = await request(ctx.url)
      .get(`/api/bots/${bot.id}/contacts`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200);

    const result = await ctx.app.get(RawRetentionService).runOnce({ batchSize: 3 });

    // The 100-day month ended before the limit: dropped whole. The 40-day month straddles the limit on most days of
    // the year (its 7 copies deleted one by one, in batches of 3); in the first days of a month it too has ended.
    const fortyDropped = month(40) !== month(29) && result.rawMonths.includes(month(40));
    expect(result).toEqual({
      messages: fortyDropped ? 0 : 7,
      rawMonths: expect.arrayContaining([month(100)]),
      heldUpdates: 1,
      broadcastFiles: 1,
    });
    expect(result.rawMonths).not.toContain(month(29));
    expect(await exists(month(100))).toBe(false);
    expect(
      await rows(
        `SELECT m.external_user_id, m.chat_id, r.raw_json, m.text
           FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at
          WHERE m.bot_id = $1 ORDER BY m.external_user_id`,
        [bot.id],
      ),
    ).toEqual([
      { external_user_id: '700', chat_id: '42', raw_json: null, text: 'message 0' },
      ...[1, 2, 3, 4, 5, 6].map((i) => ({
        external_user_id: String(700 + i),
        chat_id: null,
        raw_json: null,
        text: `message ${i}`,
      })),
      ...[7, 8].map((i) => ({
        external_user_id: String(700 + i),
        chat_id: null,
        raw_json: expect.objectContaining({ update_id: expect.any(Number) }),
        text: `message ${i}`,
      })),
      ...[9, 10].map((i) => ({
        external_user_id: String(700 + i),
        chat_id: null,
        raw_json: null,
        text: `message ${i}`,
      })),
    ]);
    expect(await rows(`SELECT seq FROM held_updates WHERE bot_id = $1`, [bot.id])).toEqual([{ seq: '2' }]);
    expect(
      (await rows(`SELECT broadcast_id FROM broadcast_files ORDER BY broadcast_id`)).map((r) => r.broadcast_id),
    ).toEqual([recent, running].sort());
    expect(await rows(`SELECT count(*)::int AS n FROM broadcasts WHERE id = $1`, [ended])).toEqual([{ n: 1 }]);
    // The facts and every answer built from them stay as they were.
    const after = await request(ctx.url)
      .get(`/api/bots/${bot.id}/contacts`)
      .set('Authorization', `Bearer ${owner.token}`)
      .expect(200);
    expect(after.body).toEqual(before.body);

    // A second run finds nothing left.
    expect(await ctx.app.get(RawRetentionService).runOnce()).toEqual({
      messages: 0,
      rawMonths: [],
      heldUpdates: 0,
      broadcastFiles: 0,
    });
  });

  it('RAW_RETENTION_DAYS=0 keeps every raw copy', async () => {
    const kept = await startTestApp({ RAW_RETENTION_DAYS: '0' });
    try {
      const user = await registerUser(kept);
      const { bot: bound } = await bindTelegramBot(kept, user.token);
      const bot: CaptureBot = { id: bound.id, userId: user.user.id, platform: 'telegram', utmKey: 'utm_source' };
      await addTelegramContacts(kept, bot, [{ id: 1, date: Math.floor(Date.now() / 1000) - 400 * 86_400 }]);
      await kept.app.get(MessagePartitions).runOnce();
      expect(await kept.app.get(RawRetentionService).runOnce()).toEqual({
        messages: 0,
        rawMonths: [],
        heldUpdates: 0,
        broadcastFiles: 0,
      });
      const [row] = (await kept.db.query(`SELECT count(*)::int AS raws FROM message_raws WHERE bot_id = $1`, [bot.id]))
        .rows;
      expect(row).toEqual({ raws: 1 });
    } finally {
      await kept.close();
    }
  });
});
