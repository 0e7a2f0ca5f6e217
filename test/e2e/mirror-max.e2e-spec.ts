import { Bot } from '@maxhub/max-bot-api';
import request from 'supertest';
import { MAX_REFUSALS } from '../../src/platforms/platform-refusals';
import { FakeMax } from '../fakes';
import { eventually } from './support/eventually';
import { bindMaxBot, maxToken, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

// Contract §4's 30 s shrunk so the timeout rules can be shown in seconds.
const PLATFORM_WAIT_MS = 1000;

describe('MAX mirror (contract §4)', () => {
  let ctx: TestApp;
  let session: string;

  beforeAll(async () => {
    ctx = await startTestApp({ MIRROR_PLATFORM_TIMEOUT_MS: String(PLATFORM_WAIT_MS) });
    session = (await registerUser(ctx)).token;
  });
  afterAll(() => ctx.close());

  const maxBot = (token: string) => new Bot(token, { clientOptions: { baseUrl: `${ctx.url}/max/` } });
  const callsOf = (token: string) => ctx.max.calls.filter((call) => call.token === token);

  it('@maxhub/max-bot-api reads its profile and sends through the mirror with the raw Authorization header', async () => {
    const { token, platformId, bot: bound } = await bindMaxBot(ctx, session);
    const bot = maxBot(token);

    const me = await bot.api.getMyInfo();
    expect(me).toMatchObject({ user_id: platformId, is_bot: true, username: `max${platformId}_bot` });
    const sent = await bot.api.sendMessageToUser(7770001, 'Hello from MAX', { format: 'markdown' });
    expect(sent).toMatchObject({
      recipient: { user_id: 7770001, chat_type: 'dialog' },
      body: { text: 'Hello from MAX' },
    });

    const [getMe, post] = callsOf(token).slice(-2);
    expect(getMe).toMatchObject({ method: 'GET', path: '/me', query: {} });
    expect(getMe.headers.authorization).toBe(token);
    expect(post).toMatchObject({ method: 'POST', path: '/messages', query: { user_id: '7770001' } });
    expect(post.body).toEqual({ text: 'Hello from MAX', format: 'markdown' });
    expect(post.headers.authorization).toBe(token);
    expect(post.headers['content-type']).toBe('application/json');

    await eventually(async () => {
      const rows = await ctx.db.query(`SELECT direction, text, external_user_id FROM messages WHERE bot_id = $1`, [
        bound.id,
      ]);
      expect(rows.rows).toEqual([{ direction: 'out', text: 'Hello from MAX', external_user_id: '7770001' }]);
    });
  });

  it('a polling MAX bot gets its updates through the mirror and answers them', async () => {
    const { token, bot: bound } = await bindMaxBot(ctx, session);
    const bot = maxBot(token);
    const received: string[] = [];
    bot.on('message_created', async (c) => {
      received.push(c.message?.body.text ?? '');
      await c.reply(`echo: ${c.message?.body.text}`);
    });
    const polling = bot.start();
    await eventually(() => expect(callsOf(token).some((call) => call.path === '/updates')).toBe(true));

    ctx.max.messageCreated(token, {
      sender: { user_id: 7770002, first_name: 'Vera', username: 'vera' },
      text: 'hi bot',
    });
    await eventually(() => expect(ctx.max.sentMessages(token).map((m) => m.body.text)).toEqual(['echo: hi bot']));
    // The library reports its own abort on stop as an error (a DOMException from another realm under jest).
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    bot.stop();
    await polling;
    quiet.mockRestore();

    expect(received).toEqual(['hi bot']);
    expect(
      callsOf(token)
        .filter((call) => call.path === '/updates')
        .every((call) => call.headers.authorization === token),
    ).toBe(true);
    await eventually(async () => {
      const rows = await ctx.db.query(`SELECT direction, text FROM messages WHERE bot_id = $1 ORDER BY direction`, [
        bound.id,
      ]);
      expect(rows.rows).toEqual([
        { direction: 'in', text: 'hi bot' },
        { direction: 'out', text: 'echo: hi bot' },
      ]);
    });
    const contacts = await ctx.db.query(`SELECT external_user_id, first_name FROM contacts WHERE bot_id = $1`, [
      bound.id,
    ]);
    expect(contacts.rows).toEqual([{ external_user_id: '7770002', first_name: 'Vera' }]);
  });

  it('accepts ?access_token= and forwards it in the Authorization header only', async () => {
    const { token, platformId } = await bindMaxBot(ctx, session);
    const res = await fetch(`${ctx.url}/max/me?v=0.0.32&access_token=${encodeURIComponent(token)}&x=a%2Cb`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user_id: platformId });
    const call = callsOf(token).at(-1);
    expect(call).toMatchObject({ method: 'GET', path: '/me', query: { v: '0.0.32', x: 'a,b' } });
    expect(call?.headers.authorization).toBe(token);
  });

  it('answers an unknown or missing token 401 in MAX format and never forwards it', async () => {
    const { token, id } = maxToken();
    ctx.max.addBot({ token, user_id: id, username: 'stranger' });
    const before = ctx.max.calls.length;
    for (const headers of [{ Authorization: token }, {} as Record<string, string>]) {
      const res = await fetch(`${ctx.url}/max/messages?user_id=1`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'hi' }),
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 'verify.token', message: 'Invalid access_token' });
    }
    const viaQuery = await fetch(`${ctx.url}/max/me?access_token=${token}`);
    expect(viaQuery.status).toBe(401);
    expect(ctx.max.calls.length).toBe(before);
  });

  it('answers a deactivated bot 403 in MAX format without forwarding', async () => {
    const { token, bot } = await bindMaxBot(ctx, session);
    await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(session)).send({ active: false }).expect(200);
    const before = callsOf(token).length;
    const res = await fetch(`${ctx.url}/max/me`, { headers: { Authorization: token } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(MAX_REFUSALS.deactivated.body);
    expect(MAX_REFUSALS.deactivated.body).toEqual({
      code: 'bot.deactivated',
      message: 'Bot is deactivated in Botlens',
    });
    expect(callsOf(token)).toHaveLength(before);
  });

  it('passes 429 with its Retry-After header through unchanged', async () => {
    const { token } = await bindMaxBot(ctx, session);
    ctx.max.failNext('POST /messages', { ...FakeMax.tooManyRequests, headers: { 'Retry-After': '12' } });
    const res = await fetch(`${ctx.url}/max/messages?chat_id=5`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'fast' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('12');
    expect(await res.json()).toEqual({ code: 'too.many.requests', message: 'Too many requests' });
    expect(callsOf(token).filter((call) => call.path === '/messages')).toHaveLength(1);
  });

  it('answers 502 "max ETIMEDOUT" when an ordinary call gets no answer within the platform wait', async () => {
    const { token } = await bindMaxBot(ctx, session);
    ctx.max.delayNext('POST /messages', PLATFORM_WAIT_MS + 1500);
    const startedAt = Date.now();
    const res = await fetch(`${ctx.url}/max/messages?user_id=9`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'slow' }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'max ETIMEDOUT' });
    expect(Date.now() - startedAt).toBeLessThan(PLATFORM_WAIT_MS + 1000);
    expect(callsOf(token).filter((call) => call.path === '/messages')).toHaveLength(1);
  });

  it('lets GET /updates without a timeout wait up to the MAX default of 30 s', async () => {
    const { token } = await bindMaxBot(ctx, session);
    setTimeout(() => ctx.max.messageCreated(token, { sender: { user_id: 7770003 }, text: 'late' }), 1500);
    const res = await fetch(`${ctx.url}/max/updates`, { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { updates: Array<{ message: { body: { text: string } } }> };
    expect(answer.updates.map((u) => u.message.body.text)).toEqual(['late']);
  });

  it('lets GET /updates wait for its timeout plus the platform wait', async () => {
    const { token } = await bindMaxBot(ctx, session);
    const startedAt = Date.now();
    const res = await fetch(`${ctx.url}/max/updates?timeout=2`, { headers: { Authorization: token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updates: [], marker: expect.any(Number) });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
  });
});
