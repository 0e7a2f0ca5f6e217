import request from 'supertest';
import { messagesPerChat } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import type { AppProcess } from './support/app-process';
import { freePort, waitFor } from './support/ports';
import { metricValue } from './support/spawned-app';
import { SpawnedStack } from './support/spawned-stack';

const CONTACTS = 5;

describe('PROCESS_ROLE: an api instance and a worker split the work (built app, processes of their own)', () => {
  let stack: SpawnedStack;
  let api: AppProcess;
  let owner: { token: string };
  let nextUserId = 8000;

  /** A worker process: no public listener, so it is ready when its metrics listener answers. */
  async function startWorker(): Promise<{ worker: AppProcess; metrics: string }> {
    const metricsPort = await freePort();
    const worker = await stack.startApp(
      { PROCESS_ROLE: 'worker', METRICS_PORT: String(metricsPort) },
      { waitReady: false },
    );
    const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    await waitFor('the worker', 60_000, async () => {
      if (!worker.alive) throw new Error(`the worker exited:\n${worker.logs.slice(-4000)}`);
      return fetch(metrics).then(
        (res) => res.ok,
        () => false,
      );
    });
    return { worker, metrics };
  }

  beforeAll(async () => {
    stack = await SpawnedStack.start({ BROADCAST_RECOVERY_INTERVAL_MS: '500' });
    api = await stack.startApp({ PROCESS_ROLE: 'api' });
    // Sign-up mails its code through the mail queue, which only a worker takes; that worker then goes.
    const { worker } = await startWorker();
    owner = await registerUser(stack.ctx(api));
    await worker.kill();
  });
  afterAll(() => stack.close());

  const broadcastRow = async (id: string) =>
    (await (await stack.db()).query(`SELECT status, sent_count FROM broadcasts WHERE id = $1`, [id])).rows[0];

  it('an api instance alone leaves a broadcast queued; a worker started beside it runs it to completion', async () => {
    const { bot, token } = await bindTelegramBot(stack.ctx(api), owner.token);
    for (let i = 0; i < CONTACTS; i++) stack.telegram.message(token, { from: { id: nextUserId++ }, text: '/start' });
    const page = await request(api.url).get(`/tg/bot${token}/getUpdates`).expect(200);
    expect(page.body.result).toHaveLength(CONTACTS);
    const db = await stack.db();
    await eventually(async () =>
      expect((await db.query(`SELECT count(*)::int AS n FROM contacts WHERE bot_id = $1`, [bot.id])).rows[0].n).toBe(
        CONTACTS,
      ),
    );

    const created = await request(api.url)
      .post(`/api/bots/${bot.id}/broadcasts`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ text: 'split roles' })
      .expect(201);
    // Well past the recovery interval and a pacing window: nobody takes the job.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await broadcastRow(created.body.id)).toEqual({ status: 'queued', sent_count: 0 });
    expect(stack.telegram.sentMessages(token)).toHaveLength(0);

    const { worker, metrics } = await startWorker();
    // No public listener on the worker.
    await expect(fetch(`${worker.url}/health`)).rejects.toThrow();

    await eventually(
      async () => expect(await broadcastRow(created.body.id)).toEqual({ status: 'done', sent_count: CONTACTS }),
      20_000,
    );
    expect(messagesPerChat(stack.telegram.sentMessages(token)).size).toBe(CONTACTS);
    expect(metricValue(await (await fetch(metrics)).text(), 'botlens_broadcast_sends_total', { outcome: 'sent' })).toBe(
      CONTACTS,
    );
  });

  it('refuses an unknown PROCESS_ROLE with one line naming the values', async () => {
    const bad = await stack.startApp({ PROCESS_ROLE: 'both' }, { waitReady: false });
    expect(await bad.exited).toEqual({ code: 1, signal: null });
    expect(bad.logs).toContain('Botlens cannot start: PROCESS_ROLE must be one of all, api, worker, got "both"');
  });
});
