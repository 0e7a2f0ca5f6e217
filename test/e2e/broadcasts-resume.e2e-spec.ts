import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { createApp } from '../../src/create-app';
import { CaptureBot } from '../../src/ingest/capture.service';
import { FakeTelegram, SmtpCatcher } from '../fakes';
import { createFromTemplate } from '../support/template-database';
import { addTelegramContacts, messagesPerChat } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

const CONTACTS = 30;
const INTERRUPTED = 'interrupted while sending: delivery unknown';
/** Slow enough that the crash catches a few sends in flight; short lock and stalled checks so the resume comes fast. */
const BROADCAST_ENV = {
  BROADCAST_RATE_PER_SECOND: '10',
  BROADCAST_LOCK_DURATION_MS: '2000',
  BROADCAST_STALLED_INTERVAL_MS: '1000',
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const MAIN = join(__dirname, '..', '..', 'dist', 'src', 'main.js');

/** The built src/main.ts in a process of its own, as `npm start` runs it. */
async function startMainProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, LOG_LEVEL: 'silent', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('close', resolve));
  const url = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`main.ts exited: ${stderr}`);
      await request(url).get('/health').expect(200);
    },
    60_000,
    200,
  );
  return { child, url, exited };
}

/** A fresh database and Redis prefix, shared by the processes of one test. */
function freshStores(label: string) {
  const runId = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/botlens_test_${label}_${runId}`,
    REDIS_KEY_PREFIX: `botlens_test_${label}_${runId}`,
  };
}

describe('Broadcasts resume after the process stops, without sending anyone twice', () => {
  let telegram: FakeTelegram;
  let smtp: SmtpCatcher;
  let ctx: TestApp | undefined;
  let main: { child: ChildProcess; url: string; exited: Promise<unknown> } | undefined;
  let db: Client | undefined;

  beforeAll(async () => {
    [telegram, smtp] = await Promise.all([FakeTelegram.start(), SmtpCatcher.start()]);
  });
  afterEach(async () => {
    main?.child.kill('SIGKILL');
    await main?.exited;
    main = undefined;
    await db?.end();
    db = undefined;
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([telegram.close(), smtp.close()]);
  });

  /**
   * src/main.ts in a child process on `stores`, with an owner, a write key, a bot and CONTACTS contacts
   * brought in through the child's real mirror; then a broadcast to them is started and left running.
   */
  async function broadcastInChildProcess(stores: Record<string, string>) {
    const env = { TELEGRAM_API_URL: telegram.url, SMTP_URL: smtp.url, ...stores, ...BROADCAST_ENV };
    await createFromTemplate(stores.DATABASE_URL);
    main = await startMainProcess(env);
    // The factories only need the address, the mail catcher and the fake platform.
    const first = { url: main.url, smtp, telegram } as unknown as TestApp;
    const owner = await registerUser(first);
    const key = (await issueKey(first, owner.token, ['write'])).key;
    const { bot, token } = await bindTelegramBot(first, owner.token);
    for (let i = 0; i < CONTACTS; i++) telegram.message(token, { from: { id: 5000 + i }, text: '/start' });
    await request(main.url).get(`/tg/bot${token}/getUpdates`).expect(200);
    db = new Client({ connectionString: stores.DATABASE_URL });
    await db.connect();
    const contacts = db;
    await eventually(async () => {
      expect(
        (await contacts.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [bot.id])).rows[0].n,
      ).toBe(CONTACTS);
    });
    // Slow answers keep a few sends in flight at any moment.
    telegram.latencyMs = 300;
    const answer = request(main.url)
      .post(`/api/v1/bots/${bot.id}/broadcast`)
      .set('X-API-Key', key)
      .send({ text: 'one copy each' })
      .then(
        (res) => ({ status: res.status, body: res.body as unknown }),
        () => 'cut off' as const,
      );
    await eventually(() => expect(telegram.sentMessages(token).length).toBeGreaterThanOrEqual(8), 20_000);
    return { env, bot, token, answer, db: contacts };
  }

  const recipientsByStatus = async (client: Client, botId: string) => {
    const rows = await client.query(
      `SELECT r.status, count(*)::int AS n FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id WHERE b.bot_id = $1 GROUP BY r.status`,
      [botId],
    );
    return Object.fromEntries(rows.rows.map((r: { status: string; n: number }) => [r.status, r.n])) as Record<
      string,
      number
    >;
  };

  const finishedBroadcast = (client: Client, botId: string) =>
    eventually(
      async () => {
        const rows = await client.query(
          `SELECT id, status, total_count, sent_count, failed_count FROM broadcasts WHERE bot_id = $1`,
          [botId],
        );
        expect(rows.rows[0].status).toBe('done');
        return rows.rows[0];
      },
      30_000,
      200,
    );

  it('on SIGTERM a running broadcast stops between sends and goes back to the queue; the next instance finishes it, nobody counted failed', async () => {
    const { env, bot, token, answer, db: client } = await broadcastInChildProcess(freshStores('graceful'));
    main!.child.kill('SIGTERM');
    await main!.exited;
    // The waiting request is told the broadcast goes on.
    expect(await answer).toEqual({ status: 503, body: { message: Messages.broadcastContinuesAfterRestart } });
    const atStop = await recipientsByStatus(client, bot.id);
    expect(atStop.sending).toBeUndefined();
    expect(atStop.failed).toBeUndefined();
    expect(atStop.pending).toBeGreaterThanOrEqual(1);
    const sentBeforeRestart = telegram.sentMessages(token).length;

    telegram.latencyMs = 0;
    // Single instance in fleet mode: the test is one process stopping and the next one resuming.
    const next = await startTestApp(env, { instances: 1 });
    try {
      const broadcast = await finishedBroadcast(client, bot.id);
      expect(broadcast).toMatchObject({ total_count: CONTACTS, sent_count: CONTACTS, failed_count: 0 });
      expect(telegram.sentMessages(token).length).toBeGreaterThan(sentBeforeRestart);
      const perChat = messagesPerChat(telegram.sentMessages(token));
      expect(perChat.size).toBe(CONTACTS);
      expect(Math.max(...perChat.values())).toBe(1);
    } finally {
      await client.end();
      db = undefined;
      await next.close();
    }
  }, 120_000);

  it('a broadcast running when its process is killed resumes in the next one; the recipients in flight are never resent', async () => {
    const { env, bot, token, answer, db: client } = await broadcastInChildProcess(freshStores('crash'));
    main!.child.kill('SIGKILL');
    await main!.exited;
    expect(await answer).toBe('cut off');
    // Sends that reached the platform before the kill are still answered by it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentBeforeRestart = telegram.sentMessages(token).length;
    expect(sentBeforeRestart).toBeLessThan(CONTACTS);
    const atCrash = await recipientsByStatus(client, bot.id);
    expect(atCrash.sending).toBeGreaterThanOrEqual(1);
    expect(atCrash.pending).toBeGreaterThanOrEqual(1);

    // The next instance: same database and Redis prefix. BullMQ's stalled check hands it the dead worker's job.
    telegram.latencyMs = 0;
    // Single instance in fleet mode: the test is one process killed and the next one resuming.
    ctx = await startTestApp(env, { instances: 1 });
    const broadcast = await finishedBroadcast(client, bot.id);
    expect(telegram.sentMessages(token).length).toBeGreaterThan(sentBeforeRestart);
    const recipients = await client.query(
      `SELECT external_user_id, status, error FROM broadcast_recipients WHERE broadcast_id = $1`,
      [broadcast.id],
    );
    const perChat = messagesPerChat(telegram.sentMessages(token));
    // Nobody got it twice; everyone counted sent got it once; the only ones possibly without it are those cut off mid-send.
    expect(Math.max(...perChat.values())).toBe(1);
    for (const recipient of recipients.rows) {
      if (recipient.status === 'sent')
        expect({ ...recipient, messages: perChat.get(recipient.external_user_id) }).toMatchObject({ messages: 1 });
      else expect(recipient).toMatchObject({ status: 'failed', error: INTERRUPTED });
    }
    const interrupted = recipients.rows.filter((r: { status: string }) => r.status === 'failed').length;
    expect(interrupted).toBe(atCrash.sending);
    expect(broadcast).toMatchObject({
      total_count: CONTACTS,
      sent_count: CONTACTS - interrupted,
      failed_count: interrupted,
    });
    // What the platform received from both processes still kept to the pace, read coarsely: the fake stamps arrivals
    // on this test process's event loop, and on a loaded machine (CI runs this beside the browser tier) the process
    // is sometimes off the CPU long enough to read several sends at once: 11 within 950 ms, then within 900 ms. At
    // 10 a second the 11 sends of a window are 1,025 ms apart end to end; in 800 ms they fit only after a 225 ms
    // stall, or if a resumed broadcast burst to catch up. broadcast-pacing.e2e-spec.ts measures the pace itself.
    expect(telegram.maxSendsPerSecond(0, 800)).toBeLessThanOrEqual(10);
    const stored = await client.query(
      `SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out'`,
      [bot.id],
    );
    expect(stored.rows[0].n).toBe(CONTACTS - interrupted);
  }, 120_000);

  it('at start, a broadcast the database calls running but the queue lost is put back; only its pending recipients are sent', async () => {
    // The running instance talks to this file's fake platform and mail catcher.
    const app = { ...ctx!, telegram, smtp } as TestApp;
    const owner = await registerUser(app);
    const { bot, token } = await bindTelegramBot(app, owner.token);
    const capture: CaptureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await addTelegramContacts(app, capture, [61, 62, 63, 64, 65, 66]);
    // As a crash would leave it, with no job in Redis (e.g. Redis was flushed).
    const [broadcast] = (
      await app.db.query(
        `INSERT INTO broadcasts (bot_id, origin, text, status, total_count, started_at) VALUES ($1, 'api', 'left over', 'running', 6, now()) RETURNING id`,
        [bot.id],
      )
    ).rows;
    await app.db.query(
      `INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, status)
       SELECT $1, row_number() OVER (ORDER BY external_user_id), id, external_user_id,
              (ARRAY['sent', 'sent', 'sending', 'pending', 'pending', 'pending'])[row_number() OVER (ORDER BY external_user_id)]
         FROM contacts WHERE bot_id = $2`,
      [broadcast.id, bot.id],
    );

    let restarted: NestExpressApplication | undefined;
    try {
      restarted = await createApp(app.config);
      await restarted.init();
      const done = await eventually(
        async () => {
          const row = (
            await app.db.query(`SELECT status, sent_count, failed_count FROM broadcasts WHERE id = $1`, [broadcast.id])
          ).rows[0];
          expect(row.status).toBe('done');
          return row;
        },
        15_000,
        100,
      );
      expect(done).toEqual({ status: 'done', sent_count: 5, failed_count: 1 });
      expect(messagesPerChat(telegram.sentMessages(token))).toEqual(
        new Map([
          ['64', 1],
          ['65', 1],
          ['66', 1],
        ]),
      );
    } finally {
      await restarted?.close();
    }
  }, 60_000);
});
