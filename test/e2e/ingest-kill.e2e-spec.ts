import { Pool } from 'undici';
import type { AppProcess } from './support/app-process';
import { bindTelegramBot, registerUser } from './support/factories';
import { SpawnedStack } from './support/spawned-stack';

const UPDATES = 6000;
const USERS = 300;
const CONNECTIONS = 32;
/** The instance is killed once this many updates were answered 200: mid-run, at full rate. */
const KILL_AFTER_ACKS = 2000;
/** Every update's date: a redelivered update is the same update, its date included (part of the dedupe key). */
const SENT_AT = Math.floor(Date.now() / 1000);

const update = (id: number) =>
  JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: SENT_AT,
      chat: { id: 1000 + (id % USERS), type: 'private' },
      from: { id: 1000 + (id % USERS), is_bot: false, first_name: 'User' },
      text: `update ${id}`,
    },
  });

/**
 * Posts every update in `ids` to the proxy receiver over CONNECTIONS keep-alive connections, as fast as
 * the instance answers, and returns the ids answered 200. `onAck` sees the running count.
 */
async function deliver(
  origin: string,
  path: string,
  ids: number[],
  onAck: (acked: number) => void = () => undefined,
): Promise<Set<number>> {
  const pool = new Pool(origin, { connections: CONNECTIONS });
  const acked = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        const res = await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json' },
          body: update(id),
        });
        await res.body.dump();
        if (res.statusCode === 200) {
          acked.add(id);
          onAck(acked.size);
        }
      } catch {
        // Killed mid-request, or refused: not acknowledged, so the platform delivers it again.
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.destroy();
  return acked;
}

describe('kill -9 during proxy ingest at full rate (the built app as a process of its own)', () => {
  let stack: SpawnedStack;

  beforeAll(async () => {
    stack = await SpawnedStack.start({ FREE_PLAN_MESSAGE_CAP: '1000000', LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('every update answered 200 is stored; after redelivery of all of them, each is stored exactly once', async () => {
    const first = await stack.startApp();
    const owner = await registerUser(stack.ctx(first));
    const { bot } = await bindTelegramBot(stack.ctx(first), owner.token);
    const path = (bot.proxy_url as string).slice(stack.env.PUBLIC_BASE_URL.length);
    const ids = Array.from({ length: UPDATES }, (_, i) => 500_000 + i);

    // Set inside the callback, so TypeScript would narrow a plain `let` to its initial null here.
    const kill: { done?: Promise<unknown> } = {};
    const acked = await deliver(first.url, path, ids, (count) => {
      if (count >= KILL_AFTER_ACKS && !kill.done) kill.done = first.kill();
    });
    expect(await kill.done).toEqual({ code: null, signal: 'SIGKILL' });
    // The kill landed mid-run: some updates were acknowledged, others were not.
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size).toBeLessThan(UPDATES);

    // Before anything is delivered again: every acknowledged update is already stored.
    const db = await stack.db();
    const storedIds = async () => {
      const rows = await db.query(`SELECT (raw_json->>'update_id')::int AS id FROM message_raws WHERE bot_id = $1`, [
        bot.id,
      ]);
      return rows.rows.map((row: { id: number }) => row.id);
    };
    const atKill = new Set(await storedIds());
    expect([...acked].filter((id) => !atKill.has(id))).toEqual([]);

    // The platform delivers again what it holds (all of it here: acknowledged updates too, to prove they are not stored twice).
    const second: AppProcess = await stack.startApp();
    const redelivered = await deliver(second.url, path, ids);
    expect(redelivered.size).toBe(UPDATES);
    const stored = await storedIds();
    expect(stored).toHaveLength(UPDATES);
    expect(new Set(stored)).toEqual(new Set(ids));
    const contacts = await db.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [bot.id]);
    expect(contacts.rows[0].n).toBe(USERS);
  }, 180_000);
});
