import { Messages } from '../../src/common/messages';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { SpawnedStack } from './support/spawned-stack';
import { TargetReceiver } from './support/target-receiver';

/** How a request to a stopping instance went: its status, or the network error code when there was no answer. */
async function outcome(url: string, init?: RequestInit): Promise<number | string> {
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    return ((error as { cause?: { code?: string } }).cause?.code ?? String(error)) as string;
  }
}

/** Log lines at level error or above. */
const errorLines = (logs: string) => logs.split('\n').filter((line) => /"level":(50|60)/.test(line));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Clean shutdown on SIGTERM (the built app as a process of its own)', () => {
  let stack: SpawnedStack;
  let target: TargetReceiver;

  beforeAll(async () => {
    stack = await SpawnedStack.start();
    target = await TargetReceiver.start();
  });
  afterAll(async () => {
    await target.close();
    await stack.close();
  });

  it('a mirrored long poll in flight at SIGTERM gets the platform’s answer and its update is recorded; readiness turns 503 at once, new connections are refused once the listener closes, the process exits 0', async () => {
    // The listener stays open two seconds after SIGTERM, so the test can see readiness fail on a new connection (with
    // one second, a loaded run saw the listener close before its second look).
    const app = await stack.startApp({ SHUTDOWN_DELAY_MS: '2000' });
    const ctx = stack.ctx(app);
    const owner = await registerUser(ctx);
    const { bot, token } = await bindTelegramBot(ctx, owner.token);

    const poll = fetch(`${app.url}/tg/bot${token}/getUpdates?timeout=8`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
    await eventually(() => expect(stack.telegram.callsOf('getUpdates')).toHaveLength(1));
    const signalledAt = Date.now();
    app.signal('SIGTERM');

    await eventually(async () => expect(await outcome(`${app.url}/health/ready`)).toBe(503), 500, 20);
    const ready = await fetch(`${app.url}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 503,
      body: { message: Messages.shuttingDown },
    });
    expect(await outcome(`${app.url}/health`)).toBe(200);
    await eventually(async () => expect(await outcome(`${app.url}/health`)).toBe('ECONNREFUSED'), 5000, 50);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1900);

    // The platform answers the poll three seconds into the shutdown, after the listener closed.
    await sleep(Math.max(0, signalledAt + 3000 - Date.now()));
    const update = stack.telegram.message(token, { from: { id: 4242 }, text: 'written during the shutdown' });
    const answer = await poll;
    expect(answer).toEqual({
      status: 200,
      body: { ok: true, result: [expect.objectContaining({ update_id: update.update_id })] },
    });

    const exit = await app.exited;
    expect({ exit, withinMs: Date.now() - signalledAt < 15_000 }).toEqual({
      exit: { code: 0, signal: null },
      withinMs: true,
    });
    const db = await stack.db();
    const stored = await db.query(`SELECT text FROM messages WHERE bot_id = $1 AND direction = 'in'`, [bot.id]);
    expect(stored.rows).toEqual([{ text: 'written during the shutdown' }]);
    // Nothing failed on the way out (e.g. intents or funnels still writing when the pools closed).
    expect(errorLines(app.logs)).toEqual([]);
  }, 60_000);

  it('a proxy delivery in flight to a slow target_url at SIGTERM finishes: the update is stored and the platform gets the target’s answer', async () => {
    const app = await stack.startApp();
    const ctx = stack.ctx(app);
    const owner = await registerUser(ctx);
    const { bot } = await bindTelegramBot(ctx, owner.token, { target_url: target.url });
    const proxyUrl = (bot.proxy_url as string).replace(stack.env.PUBLIC_BASE_URL, app.url);
    target.answer = { status: 200, contentType: 'application/json', body: '{"ok":true}', delayMs: 3000 };
    const update = {
      update_id: 9001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 31, type: 'private' },
        from: { id: 31, is_bot: false, first_name: 'Ann' },
        text: 'slow target',
      },
    };

    const delivery = fetch(proxyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(update),
    }).then(async (res) => ({ status: res.status, body: await res.text() }));
    await eventually(() => expect(target.requests).toHaveLength(1));
    app.signal('SIGTERM');

    expect(await delivery).toEqual({ status: 200, body: '{"ok":true}' });
    expect(await app.exited).toEqual({ code: 0, signal: null });
    const db = await stack.db();
    const stored = await db.query(`SELECT text FROM messages WHERE bot_id = $1`, [bot.id]);
    expect(stored.rows).toEqual([{ text: 'slow target' }]);
    const forward = await db.query(
      `SELECT last_forward_error, last_forward_at IS NOT NULL AS forwarded FROM bots WHERE id = $1`,
      [bot.id],
    );
    expect(forward.rows).toEqual([{ last_forward_error: null, forwarded: true }]);
    expect(errorLines(app.logs)).toEqual([]);
  }, 60_000);

  it('when the grace runs out, what is still in flight is cut and named in the log (token redacted), and the process exits 1', async () => {
    const app = await stack.startApp({ SHUTDOWN_GRACE_MS: '500' });
    const ctx = stack.ctx(app);
    const owner = await registerUser(ctx);
    const { token } = await bindTelegramBot(ctx, owner.token);
    const pollsBefore = stack.telegram.callsOf('getUpdates').length;

    const poll = outcome(`${app.url}/tg/bot${token}/getUpdates?timeout=20`);
    await eventually(() => expect(stack.telegram.callsOf('getUpdates')).toHaveLength(pollsBefore + 1));
    const signalledAt = Date.now();
    app.signal('SIGTERM');

    expect(await poll).toBe('UND_ERR_SOCKET');
    expect(await app.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(app.logs).toContain(
      'Cut 1 requests still in flight after the grace: GET /bot[redacted]/getUpdates?timeout=20',
    );
    expect(app.logs).not.toContain(token);
  }, 60_000);
});
