import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const now = Math.floor(Date.now() / 1000);
const tgMessage = (updateId: number, userId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    from: { id: userId, is_bot: false, first_name: 'U' },
    chat: { id: userId, type: 'private' },
    date: now,
    text,
  },
});

describe('Intents (session API; matched at ingest)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let capture: (updates: unknown[]) => Promise<void>;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    capture = (updates) => ctx.app.get(CaptureService).inboundUpdates(bot, updates);
  });
  afterAll(() => ctx.close());

  const create = (body: Record<string, unknown>) =>
    request(ctx.url).post(`/api/bots/${botId}/intents`).set(bearer(owner)).send(body);

  it('creates an intent, matches new inbound messages, and counts users and messages', async () => {
    const created = await create({
      name: 'delivery',
      description: 'Доставка',
      color: '#22C55E',
      keywords: ['доставка'],
      patterns: ['(?i)where is my order'],
    }).expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'delivery',
      description: 'Доставка',
      color: '#22C55E',
      is_active: true,
      users_count: 0,
      messages_count: 0,
      created_at: expect.any(String),
      keywords: ['доставка'],
      patterns: ['(?i)where is my order'],
    });

    await capture([
      tgMessage(1, 10, 'Сколько стоит доставка?'),
      tgMessage(2, 10, 'WHERE IS MY ORDER'),
      tgMessage(3, 11, 'Доставка!'),
      tgMessage(4, 12, 'привет'),
    ]);
    const list = await eventually(async () => {
      const res = await request(ctx.url).get(`/api/bots/${botId}/intents`).set(bearer(owner)).expect(200);
      expect(res.body.data[0]).toMatchObject({ users_count: 2, messages_count: 3 });
      return res;
    });
    expect(list.body.data).toHaveLength(1);

    const open = await request(ctx.url)
      .post('/api/me/api-keys')
      .set(bearer(owner))
      .send({ name: 'r', scopes: ['read'] })
      .expect(201);
    const v1 = await request(ctx.url).get(`/api/v1/bots/${botId}/intents`).set('X-API-Key', open.body.key).expect(200);
    expect(v1.body.data[0]).toMatchObject({ name: 'delivery', users_count: 2, messages_count: 3, is_active: true });

    const messages = await request(ctx.url)
      .get(`/api/bots/${botId}/intents/${created.body.id}/messages?limit=2`)
      .set(bearer(owner))
      .expect(200);
    expect(messages.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(messages.body.data).toHaveLength(2);
    expect(messages.body.data[0]).toEqual({
      id: expect.any(String),
      direction: 'in',
      external_user_id: expect.any(String),
      text: expect.any(String),
      created_at: expect.any(String),
    });
    // The rest of the pages: the last one short, one past the end empty with the same total.
    const page = (offset: number) =>
      request(ctx.url)
        .get(`/api/bots/${botId}/intents/${created.body.id}/messages?limit=2&offset=${offset}`)
        .set(bearer(owner))
        .expect(200);
    const last = (await page(2)).body;
    expect({ total: last.total, ids: last.data.length }).toEqual({ total: 3, ids: 1 });
    expect([...messages.body.data, ...last.data].map((m: { id: string }) => m.id)).toHaveLength(3);
    expect(new Set([...messages.body.data, ...last.data].map((m: { id: string }) => m.id)).size).toBe(3);
    expect((await page(3)).body).toEqual({ data: [], total: 3, limit: 2, offset: 3 });
  });

  it('stops matching new messages once is_active is false, and keeps past matches', async () => {
    const intent = (await create({ name: 'price', keywords: ['цена'], patterns: [] }).expect(201)).body;
    const none = await request(ctx.url).get(`/api/bots/${botId}/intents/${intent.id}/messages`).set(bearer(owner));
    expect({ status: none.status, body: none.body }).toEqual({
      status: 200,
      body: { data: [], total: 0, limit: 100, offset: 0 },
    });
    await capture([tgMessage(10, 20, 'какая цена')]);
    await eventually(async () =>
      expect(
        (await request(ctx.url).get(`/api/bots/${botId}/intents/${intent.id}/messages`).set(bearer(owner))).body.total,
      ).toBe(1),
    );
    await request(ctx.url)
      .patch(`/api/bots/${botId}/intents/${intent.id}`)
      .set(bearer(owner))
      .send({ is_active: false })
      .expect(200);
    await capture([tgMessage(11, 21, 'цена?')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await request(ctx.url)
      .get(`/api/bots/${botId}/intents/${intent.id}/messages`)
      .set(bearer(owner))
      .expect(200);
    expect(after.body.total).toBe(1);
  });

  it.each([
    [{ name: 'x', keywords: [], patterns: ['(unclosed'] }, 'patterns[0] is not a valid regular expression'],
    [
      { name: 'x', keywords: [], patterns: ['ok', '(?<=lookbehind)x'] },
      'patterns[1] is not a valid regular expression',
    ],
    [{ name: 'x', keywords: [], patterns: [] }, Messages.intentRulesEmpty],
    [
      { name: 'has space', keywords: ['a'], patterns: [] },
      'name must be 1 to 64 characters of A-Z, a-z, 0-9, _, . or -',
    ],
    [
      { name: 'x', color: 'green', keywords: ['a'], patterns: [] },
      'color must be a hexadecimal colour such as #22C55E',
    ],
    [{ name: 'x', keywords: 'a', patterns: [] }, 'keywords must be an array of strings'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await create(body).expect(400);
    expect(res.body).toEqual({ message });
  });

  it("answers 409 for a name the bot already uses, 404 for unknown intents and for others' bots", async () => {
    await create({ name: 'dup', keywords: ['a'], patterns: [] }).expect(201);
    const dup = await create({ name: 'dup', keywords: ['b'], patterns: [] }).expect(409);
    expect(dup.body).toEqual({ message: Messages.intentNameTaken });

    const missing = await request(ctx.url)
      .patch(`/api/bots/${botId}/intents/00000000-0000-0000-0000-000000000000`)
      .set(bearer(owner))
      .send({ is_active: false })
      .expect(404);
    expect(missing.body).toEqual({ message: Messages.intentNotFound });

    const stranger = await registerUser(ctx);
    const theirs = await request(ctx.url).get(`/api/bots/${botId}/intents`).set(bearer(stranger)).expect(404);
    expect(theirs.body).toEqual({ message: Messages.botNotFound });
  });

  it('validates changes with the same rules', async () => {
    const intent = (await create({ name: 'patchme', keywords: ['x'], patterns: [] }).expect(201)).body;
    const patch = (body: object) =>
      request(ctx.url).patch(`/api/bots/${botId}/intents/${intent.id}`).set(bearer(owner)).send(body);
    expect((await patch({ patterns: ['(bad'] }).expect(400)).body).toEqual({
      message: 'patterns[0] is not a valid regular expression',
    });
    expect((await patch({ color: 'red' }).expect(400)).body).toEqual({
      message: 'color must be a hexadecimal colour such as #22C55E',
    });
    expect((await patch({ keywords: [], patterns: [] }).expect(400)).body).toEqual({
      message: Messages.intentRulesEmpty,
    });
    expect((await patch({ name: 'renamed', color: '#000' }).expect(200)).body).toMatchObject({
      name: 'renamed',
      color: '#000',
      keywords: ['x'],
    });
  });

  it('deletes an intent', async () => {
    const intent = (await create({ name: 'gone', keywords: ['bye'], patterns: [] }).expect(201)).body;
    await request(ctx.url).delete(`/api/bots/${botId}/intents/${intent.id}`).set(bearer(owner)).expect(204);
    await request(ctx.url).delete(`/api/bots/${botId}/intents/${intent.id}`).set(bearer(owner)).expect(404);
  });
});
