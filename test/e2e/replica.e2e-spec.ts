import { Client } from 'pg';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { PrivatePostgres } from './support/private-postgres';
import { SpawnedApp, startSpawnedApp } from './support/spawned-app';

/** Small, so the lag fallback shows within seconds; the checks are frequent so the lag is measured closely. */
const MAX_LAG_MS = 3000;
const LAG_CHECK_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reports from a streaming replica (DATABASE_REPLICA_URL)', () => {
  let primary: PrivatePostgres;
  let replica: PrivatePostgres;
  let app: SpawnedApp;
  let session: string;
  let botId: string;
  let token: string;
  let chat = 7_100_000;

  /** One statement on the replica's copy of the app's database. */
  const onReplica = async (sql: string) => {
    const db = new Client({ connectionString: replica.databaseUrl(new URL(app.config.databaseUrl).pathname.slice(1)) });
    db.on('error', () => undefined);
    await db.connect();
    try {
      return (await db.query(sql)).rows;
    } finally {
      await db.end();
    }
  };
  const stats = async () => {
    const res = await fetch(`${app.url}/api/bots/${botId}/stats`, { headers: { authorization: `Bearer ${session}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { messages_total: number }).messages_total;
  };
  const storedOnPrimary = async () =>
    (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [botId]))[0].n;
  /** A bot's send through the mirror: one outbound message recorded. */
  const send = async () => {
    const res = await fetch(`${app.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chat++, text: 'hello' }),
    });
    expect(res.status).toBe(200);
  };
  const reads = (target: 'replica' | 'primary') => app.metric('botlens_report_reads_total', { target });
  const switches = (to: 'replica' | 'primary') =>
    app.process.logs.split('\n').filter((line) => line.includes(`Report reads go to the ${to}`));

  beforeAll(async () => {
    primary = await PrivatePostgres.start();
    replica = await primary.replica();
    // The app creates and migrates its database on the primary; the replica receives it by streaming.
    const name = 'botlens_replica_e2e';
    app = await startSpawnedApp({
      postgres: primary,
      env: {
        DATABASE_URL: primary.databaseUrl(name),
        DATABASE_REPLICA_URL: replica.databaseUrl(name),
        REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        REPLICA_LAG_CHECK_MS: String(LAG_CHECK_MS),
        FREE_PLAN_MESSAGE_CAP: '1000000',
      },
    });
    session = (await registerUser(app)).token;
    const bound = await bindTelegramBot(app, session);
    botId = bound.bot.id;
    token = bound.token;
    await eventually(async () => expect(switches('replica').length).toBeGreaterThan(0), 10_000);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await replica?.destroy();
    await primary?.destroy();
  });

  it('serves the stats from the replica: with replay paused, a new message does not show while the lag is within the limit', async () => {
    await send();
    await eventually(async () => expect(await stats()).toBe(1), 10_000);
    const replicaReads = await reads('replica');
    const primaryReads = await reads('primary');

    await onReplica('SELECT pg_wal_replay_pause()');
    await send();
    await eventually(async () => expect(await storedOnPrimary()).toBe(2));
    // The primary has it, the replica has not replayed it: the report still says 1.
    expect(await stats()).toBe(1);
    expect(await reads('replica')).toBeGreaterThan(replicaReads);
    expect(await reads('primary')).toBe(primaryReads);
  });

  it('past REPLICA_MAX_LAG_MS the reports read from the primary, with one log line, and go back once the replica catches up', async () => {
    // Replay is still paused: once the lag passes the limit the primary answers, with the new message.
    const primaryReads = await reads('primary');
    await eventually(async () => expect(await stats()).toBe(2), 10_000);
    expect(await reads('primary')).toBeGreaterThan(primaryReads);
    expect(await app.metric('botlens_replica_lag_seconds')).toBeGreaterThanOrEqual(MAX_LAG_MS / 1000);
    await sleep(5 * LAG_CHECK_MS);
    const toPrimary = switches('primary');
    expect(toPrimary).toHaveLength(1);
    expect(toPrimary[0]).toContain(`over REPLICA_MAX_LAG_MS (${MAX_LAG_MS})`);

    const before = switches('replica').length;
    await onReplica('SELECT pg_wal_replay_resume()');
    await eventually(async () => expect(switches('replica')).toHaveLength(before + 1), 10_000);
    expect(await app.metric('botlens_replica_lag_seconds')).toBe(0);
    const replicaReads = await reads('replica');
    expect(await stats()).toBe(2);
    expect(await reads('replica')).toBe(replicaReads + 1);
  });

  it('the replica stopped and started under report traffic: no request fails, the primary stands in meanwhile', async () => {
    const statuses: number[] = [];
    let running = true;
    const paths = [`stats`, `stats/timeline?days=7`, `sources`, `contacts?limit=10`, `contacts/export.csv`];
    const lane = async (offset: number) => {
      for (let i = offset; running; i++) {
        const res = await fetch(`${app.url}/api/bots/${botId}/${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${session}` },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const lanes = [0, 1, 2, 3].map(lane);
    try {
      await sleep(300);
      const primaryReads = await reads('primary');
      const toPrimary = switches('primary').length;
      await replica.stop();
      await sleep(1500);
      expect(await app.metric('botlens_replica_up')).toBe(0);
      expect(await reads('primary')).toBeGreaterThan(primaryReads);
      expect(switches('primary')).toHaveLength(toPrimary + 1);

      const toReplica = switches('replica').length;
      await replica.resume();
      await eventually(async () => expect(switches('replica')).toHaveLength(toReplica + 1), 20_000);
      const replicaReads = await reads('replica');
      await eventually(async () => expect(await reads('replica')).toBeGreaterThan(replicaReads + 10));
    } finally {
      running = false;
      await Promise.all(lanes);
    }
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
