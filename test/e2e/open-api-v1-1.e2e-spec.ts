import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

const now = Math.floor(Date.now() / 1000);
const tgMessage = (updateId: number, userId: number, text: string, first_name = 'U') => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    from: { id: userId, is_bot: false, first_name },
    chat: { id: userId, type: 'private' },
    date: now,
    text,
  },
});

describe('Open API v1.1: intents, contact search, past broadcasts', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let readKey: string;
  let writeKey: string;
  let capture: (updates: unknown[]) => Promise<void>;

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: '50' });
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    capture = (updates) => ctx.app.get(CaptureService).inboundUpdates(bot, updates);
  });
  afterAll(() => ctx.close());

  const v1 = (key: string) => ({
    get: (path: string) => request(ctx.url).get(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key),
    post: (path: string, body: object) =>
      request(ctx.url).post(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key).send(body),
    patch: (path: string, body: object) =>
      request(ctx.url).patch(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key).send(body),
    delete: (path: string) => request(ctx.url).delete(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key),
  });

  describe('intents', () => {
    let intentId: string;

    it('writes need scope write, reads scope read', async () => {
      expect(
        (
          await v1(readKey)
            .post('/intents', { name: 'x', keywords: ['x'] })
            .expect(403)
        ).body,
      ).toEqual({
        message: Messages.scopeRequired('write'),
      });
      const someId = '00000000-0000-4000-8000-000000000000';
      expect((await v1(readKey).patch(`/intents/${someId}`, { name: 'y' }).expect(403)).body).toEqual({
        message: Messages.scopeRequired('write'),
      });
      expect((await v1(readKey).delete(`/intents/${someId}`).expect(403)).body).toEqual({
        message: Messages.scopeRequired('write'),
      });
      expect((await v1(writeKey).get(`/intents/${someId}/messages`).expect(403)).body).toEqual({
        message: Messages.scopeRequired('read'),
      });
      expect((await request(ctx.url).post(`/api/v1/bots/${botId}/intents`).send({}).expect(401)).body).toEqual({
        message: expect.any(String),
      });
    });

    it('creates an intent with the session API body and rules', async () => {
      const res = await v1(writeKey)
        .post('/intents', { name: 'delivery', description: 'Доставка', keywords: ['доставка'], patterns: [] })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        name: 'delivery',
        description: 'Доставка',
        color: '#6B7280',
        is_active: true,
        users_count: 0,
        messages_count: 0,
        created_at: expect.any(String),
        keywords: ['доставка'],
        patterns: [],
      });
      intentId = res.body.id;
    });

    it('answers the session API errors: 400 on bad rules, 409 on a taken name, 404 on a foreign id', async () => {
      expect((await v1(writeKey).post('/intents', { name: 'empty' }).expect(400)).body).toEqual({
        message: expect.any(String),
      });
      const session = await request(ctx.url)
        .post(`/api/bots/${botId}/intents`)
        .set('Authorization', `Bearer ${owner.token}`)
        .send({ name: 'empty' });
      expect(session.status).toBe(400);
      expect((await v1(writeKey).post('/intents', { name: 'empty' })).body).toEqual(session.body);

      const taken = await v1(writeKey)
        .post('/intents', { name: 'delivery', keywords: ['a'], patterns: [] })
        .expect(409);
      expect(taken.body).toEqual({ message: expect.any(String) });
      const unknown = await v1(writeKey).patch('/intents/00000000-0000-4000-8000-000000000000', { name: 'z' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: Messages.intentNotFound });
    });

    it('changes it, lists the messages it matched, and deletes it', async () => {
      const patched = await v1(writeKey).patch(`/intents/${intentId}`, { color: '#22C55E' }).expect(200);
      expect(patched.body).toMatchObject({ id: intentId, name: 'delivery', color: '#22C55E' });

      await capture([tgMessage(1, 10, 'Где доставка?'), tgMessage(2, 11, 'привет')]);
      const matched = await eventually(async () => {
        const res = await v1(readKey).get(`/intents/${intentId}/messages`).expect(200);
        expect(res.body.total).toBe(1);
        return res;
      });
      expect(matched.body).toEqual({
        data: [
          {
            id: expect.any(String),
            direction: 'in',
            external_user_id: '10',
            text: 'Где доставка?',
            created_at: expect.any(String),
          },
        ],
        total: 1,
        limit: 100,
        offset: 0,
      });
      expect((await v1(readKey).get(`/intents/${intentId}/messages?limit=0`).expect(400)).body).toEqual({
        message: Messages.badLimitOffset,
      });

      await v1(writeKey).delete(`/intents/${intentId}`).expect(204);
      expect((await v1(writeKey).delete(`/intents/${intentId}`).expect(404)).body).toEqual({
        message: Messages.intentNotFound,
      });
    });
  });

  describe('contact search', () => {
    beforeAll(() => capture([tgMessage(20, 500, 'hi', 'Анна'), tgMessage(21, 501, 'hi', 'Борис')]));

    it('finds contacts by a part of the name, as the cabinet does, and counts what it finds', async () => {
      const res = await eventually(() => v1(readKey).get('/contacts?q=анн').expect(200));
      expect(res.body).toEqual({
        data: [
          {
            id: expect.any(String),
            external_user_id: '500',
            username: null,
            first_name: 'Анна',
            last_name: null,
            is_premium: false,
            last_seen_at: expect.any(String),
            messages_count: 1,
            payments: 0,
            revenue: [],
          },
        ],
        total: 1,
        limit: 100,
        offset: 0,
      });
      expect(
        (await v1(readKey).get('/contacts?q=500').expect(200)).body.data.map(
          (c: { first_name: string }) => c.first_name,
        ),
      ).toEqual(['Анна']);
      expect((await v1(readKey).get('/contacts').expect(200)).body.total).toBe(4);
      expect(
        (
          await v1(readKey)
            .get(`/contacts?q=${'x'.repeat(101)}`)
            .expect(400)
        ).body,
      ).toEqual({
        message: Messages.contactSearchInvalid,
      });
    });
  });

  describe('past broadcasts', () => {
    let broadcastId: string;

    beforeAll(async () => {
      const res = await v1(writeKey).post('/broadcast', { text: 'Скидки' }).expect(200);
      broadcastId = res.body.id;
    });

    it('lists every broadcast of the bot, newest first, with counts, status and timing', async () => {
      const res = await v1(readKey).get('/broadcasts').expect(200);
      const item = {
        id: broadcastId,
        text: 'Скидки',
        kind: null,
        platform: 'all',
        segment: {},
        status: 'done',
        total_count: 4,
        sent_count: 4,
        failed_count: 0,
        error: null,
        send_at: null,
        started_at: expect.any(String),
        finished_at: expect.any(String),
        created_at: expect.any(String),
        // Nobody paid (test/e2e/revenue.e2e-spec.ts has a broadcast's revenue).
        revenue: [],
        // test/e2e/broadcast-outcomes.e2e-spec.ts has the others.
        track_links: false,
        outcomes: {
          delivered: 4,
          failed: 0,
          blocked_on_send: 0,
          clicked: 0,
          replied: 0,
          blocked_after: 0,
          revenue: [],
        },
        variants: null,
        test_share: null,
        winner_after_minutes: null,
        winner_metric: null,
        winner: null,
        winner_chosen_at: null,
      };
      expect(res.body).toEqual({ data: [item], total: 1, limit: 100, offset: 0 });
      expect((await v1(readKey).get('/broadcasts?limit=1&offset=1').expect(200)).body).toEqual({
        data: [],
        total: 1,
        limit: 1,
        offset: 1,
      });
      // The same row the cabinet lists.
      const cabinet = await request(ctx.url)
        .get(`/api/bots/${botId}/broadcasts`)
        .set('Authorization', `Bearer ${owner.token}`)
        .expect(200);
      expect(cabinet.body.data).toEqual(res.body.data);

      expect((await v1(readKey).get(`/broadcasts/${broadcastId}`).expect(200)).body).toEqual(item);
    });

    it('refuses bad paging, unknown broadcasts and keys without scope read', async () => {
      expect((await v1(readKey).get('/broadcasts?limit=1001').expect(400)).body).toEqual({
        message: Messages.badLimitOffset,
      });
      expect((await v1(readKey).get('/broadcasts?offset=-1').expect(400)).body).toEqual({
        message: Messages.badLimitOffset,
      });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await v1(readKey).get(`/broadcasts/${id}`).expect(404)).body).toEqual({
          message: Messages.broadcastNotFound,
        });
      }
      expect((await v1(writeKey).get('/broadcasts').expect(403)).body).toEqual({
        message: Messages.scopeRequired('read'),
      });
      expect((await v1(writeKey).get(`/broadcasts/${broadcastId}`).expect(403)).body).toEqual({
        message: Messages.scopeRequired('read'),
      });
    });
  });

  it('marks the new operations as added in 1.1 in the OpenAPI document, and only those', async () => {
    const doc = (await request(ctx.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-added-in'?: string; description?: string }>>;
    };
    const added: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation['x-added-in'] !== '1.1') continue;
        added.push(`${method.toUpperCase()} ${path}`);
        expect(operation.description).toMatch(/^Added in API v1\.1\./);
      }
    }
    expect(added.sort()).toEqual(
      [
        'DELETE /api/v1/bots/{id}/intents/{intentId}',
        'GET /api/v1/bots/{id}/broadcasts',
        'GET /api/v1/bots/{id}/broadcasts/{broadcastId}',
        'GET /api/v1/bots/{id}/contacts/export.csv',
        'GET /api/v1/bots/{id}/messages/export.csv',
        'GET /api/v1/bots/{id}/intents/{intentId}/messages',
        'PATCH /api/v1/bots/{id}/intents/{intentId}',
        'POST /api/v1/bots/{id}/intents',
      ].sort(),
    );
  });
});
