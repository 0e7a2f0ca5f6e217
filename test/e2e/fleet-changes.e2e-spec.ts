import request from 'supertest';
import type { AppProcess } from './support/app-process';
import { bindTelegramBot, registerUser } from './support/factories';
import { SpawnedStack } from './support/spawned-stack';

/** Polls `check` every 25 ms and answers how long it took to hold, failing after `limitMs`. */
async function holdsWithin(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`did not hold within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

const update = (id: number, user: number, text: string) => ({
  update_id: id,
  message: {
    message_id: id,
    date: Math.floor(Date.now() / 1000),
    chat: { id: user, type: 'private' },
    from: { id: user, is_bot: false, first_name: 'User' },
    text,
  },
});

/**
 * Two instances of the built app on one database and one Redis, as a deployment runs them: a change
 * made through one takes effect on the other within a second (ChangeRelay), not after its caches'
 * 30-second refresh.
 */
describe('changes reach every instance (two instances, one database, one Redis)', () => {
  let stack: SpawnedStack;
  let a: AppProcess;
  let b: AppProcess;
  let session: string;

  beforeAll(async () => {
    stack = await SpawnedStack.start({ LOG_LEVEL: 'warn' });
    [a, b] = await Promise.all([stack.startApp(), stack.startApp()]);
    session = (await registerUser(stack.ctx(a))).token;
  });
  afterAll(async () => {
    await stack.close();
  });

  it('a bot deactivated through one instance is refused by the other within a second, and forwarded again once it is activated', async () => {
    const { bot, token } = await bindTelegramBot(stack.ctx(a), session);
    const getMe = () => fetch(`${b.url}/tg/bot${token}/getMe`);
    // The other instance knows the bot (its registry holds it) before the change.
    expect((await getMe()).status).toBe(200);

    await request(a.url)
      .patch(`/api/bots/${bot.id}`)
      .set('Authorization', `Bearer ${session}`)
      .send({ active: false })
      .expect(200);
    await holdsWithin(1000, async () => (await getMe()).status === 403);
    const refused = await getMe();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot is deactivated in Botlens',
    });

    await request(a.url)
      .patch(`/api/bots/${bot.id}`)
      .set('Authorization', `Bearer ${session}`)
      .send({ active: true })
      .expect(200);
    await holdsWithin(1000, async () => (await getMe()).status === 200);
  });

  it('a deleted bot is no longer forwarded by the other instance within a second', async () => {
    const { bot, token } = await bindTelegramBot(stack.ctx(a), session);
    const getMe = () => fetch(`${b.url}/tg/bot${token}/getMe`);
    expect((await getMe()).status).toBe(200);
    const calls = () => stack.telegram.calls.filter((call) => call.token === token).length;

    await request(a.url).delete(`/api/bots/${bot.id}`).set('Authorization', `Bearer ${session}`).expect(204);
    await holdsWithin(1000, async () => (await getMe()).status !== 200);
    const before = calls();
    expect((await getMe()).status).not.toBe(200);
    expect(calls()).toBe(before);
  });

  it("an intent deactivated through one instance no longer matches the other's messages within a second", async () => {
    const { bot } = await bindTelegramBot(stack.ctx(a), session);
    const auth = { Authorization: `Bearer ${session}` };
    const intent = await request(a.url)
      .post(`/api/bots/${bot.id}/intents`)
      .set(auth)
      .send({ name: 'delivery', description: 'Доставка', color: '#22C55E', keywords: ['доставка'], patterns: [] })
      .expect(201);
    const proxyPath = (bot.proxy_url as string).slice(stack.env.PUBLIC_BASE_URL.length);
    const deliver = (id: number, text: string) =>
      request(b.url)
        .post(proxyPath)
        .set('content-type', 'application/json')
        .send(update(id, 700, text))
        .expect(200);
    const matchedCount = async () => {
      const res = await request(a.url).get(`/api/bots/${bot.id}/intents`).set(auth).expect(200);
      return (res.body.data as Array<{ messages_count: number }>)[0].messages_count;
    };

    // Instance B matches (and so caches) the intent first.
    await deliver(1, 'где доставка?');
    await holdsWithin(5000, async () => (await matchedCount()) === 1);

    await request(a.url)
      .patch(`/api/bots/${bot.id}/intents/${intent.body.id}`)
      .set(auth)
      .send({ is_active: false })
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await deliver(2, 'а доставка когда?');
    // The second message is stored through B, and B no longer matches it.
    await holdsWithin(5000, async () => {
      const res = await request(a.url).get(`/api/bots/${bot.id}/dialogs/700/messages`).set(auth).expect(200);
      return (res.body.data as unknown[]).length === 2;
    });
    const res = await request(a.url).get(`/api/bots/${bot.id}/dialogs/700/messages`).set(auth).expect(200);
    const intentsByText = Object.fromEntries(
      (res.body.data as Array<{ text: string; intents: Array<{ name: string }> }>).map((m) => [
        m.text,
        m.intents.map((i) => i.name),
      ]),
    );
    expect(intentsByText).toEqual({ 'где доставка?': ['delivery'], 'а доставка когда?': [] });
    expect(await matchedCount()).toBe(1);
  });
});
