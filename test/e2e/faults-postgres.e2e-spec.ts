import { Messages } from '../../src/common/messages';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { PrivatePostgres } from './support/private-postgres';
import { SpawnedApp, startSpawnedApp } from './support/spawned-app';

const OUTAGE_MS = 10_000;
const CONNECTIONS = 8;
/** Small enough that the outage overflows it many times over. */
const BUFFER_FACTS = 2000;

interface Answer {
  at: number;
  status: number | string;
}

/** Mirror traffic of one bot: sendMessage to a few private chats and getMe, on `connections` loops, until stopped. */
function mirrorTraffic(app: SpawnedApp, token: string, connections: number, padding = '') {
  const answers: Answer[] = [];
  let sent = 0;
  let running = true;
  const loop = async (lane: number) => {
    for (let i = 0; running; i++) {
      const send = i % 4 !== 3;
      const url = `${app.url}/tg/bot${token}/${send ? 'sendMessage' : 'getMe'}`;
      const body = send
        ? JSON.stringify({ chat_id: 7_000_000 + (i % 5), text: `m-${lane}-${i}${padding}` })
        : undefined;
      try {
        const res = await fetch(url, {
          method: send ? 'POST' : 'GET',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        answers.push({ at: Date.now(), status: res.status });
        if (send && res.status === 200) sent += 1;
      } catch (error) {
        answers.push({ at: Date.now(), status: (error as { cause?: { code?: string } }).cause?.code ?? String(error) });
      }
    }
  };
  const loops = Array.from({ length: connections }, (_, lane) => loop(lane));
  return {
    answers,
    get sent() {
      return sent;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sendsStored = async (app: SpawnedApp) =>
  (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE direction = 'out'`))[0].n;

/** Facts not recorded for `reason`, summed over the app's log lines (one per reason and 10 s at most). */
const loggedLosses = (app: SpawnedApp, reason: string) =>
  [...app.process.logs.matchAll(new RegExp(`(\\d+) facts not recorded \\(${reason}\\)`, 'g'))].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );

describe('PostgreSQL stopped for 10 s under mirror traffic', () => {
  let postgres: PrivatePostgres;
  let app: SpawnedApp;

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
    app = await startSpawnedApp({
      postgres,
      env: { LOG_LEVEL: 'warn', INGEST_BUFFER_FACTS: String(BUFFER_FACTS), FREE_PLAN_MESSAGE_CAP: '1000000000' },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await postgres?.destroy();
  });

  it('known bots keep forwarding with no error answer; every answered send is recorded once it is back, in order, by itself', async () => {
    // Metrics live on their own listener, never on the public port.
    // (the public port answers /metrics with the cabinet's page, never with the counters)
    const publicMetrics = await fetch(`${app.url}/metrics`);
    expect(publicMetrics.headers.get('content-type')).not.toContain('text/plain');
    expect(await publicMetrics.text()).not.toContain('botlens_');
    expect(await app.metric('botlens_ingest_facts_unrecorded_total', { reason: 'database_unavailable' })).toBe(0);
    const session = (await registerUser(app)).token;
    const { token } = await bindTelegramBot(app, session);

    const proxied = await bindTelegramBot(app, session);
    const proxyUrl = String(proxied.bot.proxy_url).replace(app.config.publicBaseUrl, app.url);
    const deliver = (updateId: number) =>
      fetch(proxyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          update_id: updateId,
          message: {
            message_id: updateId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: 8_000_001, type: 'private' },
            from: { id: 8_000_001, is_bot: false, first_name: 'Ann' },
            text: `update ${updateId}`,
          },
        }),
      });
    expect((await deliver(1)).status).toBe(200);

    const traffic = mirrorTraffic(app, token, CONNECTIONS);
    await sleep(2000);
    const stoppedAt = Date.now();
    await postgres.stop();
    await sleep(OUTAGE_MS / 2);
    // Past the memory buffer, the facts wait on disk.
    const journaled = await app.metric('botlens_ingest_journal_bytes');
    expect(journaled).toBeGreaterThan(0);
    // The proxy receiver cannot commit the update, so it does not acknowledge it: the platform delivers it again.
    const refused = await deliver(2);
    expect([refused.status, await refused.json()]).toEqual([503, { message: Messages.unavailable }]);
    await sleep(OUTAGE_MS / 2);
    await postgres.resume();
    const resumedAt = Date.now();
    await sleep(3000);
    await traffic.stop();

    const during = traffic.answers.filter((a) => a.at >= stoppedAt && a.at <= resumedAt);
    expect(during.length).toBeGreaterThan(500);
    expect(traffic.answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(app.process.alive).toBe(true);

    // Recording resumed by itself: a send made after the outage is stored.
    const after = await fetch(`${app.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 7_000_001, text: 'after the outage' }),
    });
    expect(after.status).toBe(200);
    await eventually(
      async () => {
        const rows = await app.sql(`SELECT 1 FROM messages WHERE text = 'after the outage'`);
        expect(rows).toHaveLength(1);
      },
      15_000,
      200,
    );

    // The platform's next delivery of the refused update is stored.
    await eventually(async () => expect((await deliver(2)).status).toBe(200), 10_000, 200);
    expect(await app.sql(`SELECT text FROM messages WHERE direction = 'in' ORDER BY text`)).toEqual([
      { text: 'update 1' },
      { text: 'update 2' },
    ]);

    // Every send the mirror answered is stored, once: the journal is replayed and emptied.
    await eventually(async () => expect(await sendsStored(app)).toBe(traffic.sent + 1), 30_000, 200);
    expect(await app.metric('botlens_ingest_journal_bytes')).toBe(0);
    for (const reason of ['database_unavailable', 'overload', 'journal_full'])
      expect([reason, await app.metric('botlens_ingest_facts_unrecorded_total', { reason })]).toEqual([reason, 0]);
    expect(app.process.logs).toContain('then in the journal on disk');
    process.stdout.write(
      `PostgreSQL outage: ${during.length} mirror answers in ${((resumedAt - stoppedAt) / 1000).toFixed(1)} s, all 200; ` +
        `${traffic.sent + 1} sends, all recorded (journal at mid-outage: ${journaled} bytes)\n`,
    );
  }, 120_000);
});

describe('PostgreSQL stopped under mirror traffic, with the journal full or the process killed', () => {
  let postgres: PrivatePostgres;

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
  }, 120_000);
  afterAll(async () => {
    await postgres?.destroy();
  });

  it('past INGEST_JOURNAL_MB what is dropped is counted as journal_full, in the metric and the log', async () => {
    const app = await startSpawnedApp({
      postgres,
      env: {
        LOG_LEVEL: 'warn',
        INGEST_BUFFER_FACTS: '100',
        INGEST_JOURNAL_MB: '1',
        FREE_PLAN_MESSAGE_CAP: '1000000000',
      },
    });
    try {
      const { token } = await bindTelegramBot(app, (await registerUser(app)).token);
      // Long texts, so the outage's facts pass the journal's 1 MiB within seconds.
      const traffic = mirrorTraffic(app, token, CONNECTIONS, 'x'.repeat(2000));
      await sleep(500);
      await postgres.stop();
      // Down until the journal has filled and dropped something (seconds; longer on a slow machine).
      await eventually(
        async () =>
          expect(await app.metric('botlens_ingest_facts_unrecorded_total', { reason: 'journal_full' })).toBeGreaterThan(
            0,
          ),
        60_000,
        200,
      );
      await postgres.resume();
      await sleep(1000);
      await traffic.stop();
      expect(traffic.answers.filter((a) => a.status !== 200)).toEqual([]);

      const lost = await app.metric('botlens_ingest_facts_unrecorded_total', { reason: 'journal_full' });
      expect(lost).toBeGreaterThan(0);
      await eventually(async () => expect((await sendsStored(app)) + lost).toBe(traffic.sent), 30_000, 200);
      // The first loss is logged at once with its count; the rest follow in one line per 10 s.
      expect(loggedLosses(app, 'journal_full')).toBeGreaterThan(0);
      expect(loggedLosses(app, 'journal_full')).toBeLessThanOrEqual(lost);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('a process killed (kill -9) in the outage records, once started again, every send it had answered', async () => {
    const app = await startSpawnedApp({
      postgres,
      env: { LOG_LEVEL: 'warn', INGEST_BUFFER_FACTS: String(BUFFER_FACTS), FREE_PLAN_MESSAGE_CAP: '1000000000' },
    });
    try {
      const { token } = await bindTelegramBot(app, (await registerUser(app)).token);
      const traffic = mirrorTraffic(app, token, CONNECTIONS);
      await sleep(1000);
      await postgres.stop();
      await sleep(3000);
      await traffic.stop();
      expect(traffic.answers.filter((a) => a.status !== 200)).toEqual([]);
      // Every answered send has been handed to the ingest by now; the process dies with them on disk.
      await sleep(300);
      await app.process.kill();
      await postgres.resume();
      await app.restartAfterKill();

      await eventually(async () => expect(await sendsStored(app)).toBe(traffic.sent), 30_000, 200);
      expect(await app.metric('botlens_ingest_journal_bytes')).toBe(0);
      expect(app.process.logs).toContain('from an earlier run');
    } finally {
      await app.close();
    }
  }, 120_000);
});
