import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;

const ANN = { id: 201, is_bot: false, first_name: 'Ann' };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The HTTP contract of the retention report: defaults, echoed parameters, bounds and refusals, on one contact who
 * came from an ad just now. The cohort arithmetic (weeks and days, sources, mappings, day edges) is proven at a
 * fixed clock by test/medium/retention.medium-spec.ts.
 */
describe('Retention cohorts (issue 16): GET /api/v1/bots/{id}/retention and GET /api/bots/:id/retention', () => {
  let ctx: TestApp;
  let session: string;
  let readKey: string;
  let bot: CaptureBot;

  // "Just now" never falls before the current day.
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const justNow = new Date(Math.max(today, Math.floor((Date.now() - 60_000) / 1000) * 1000));

  const read = (botId: string, query = '', key = readKey) =>
    request(ctx.url).get(`/api/v1/bots/${botId}/retention${query}`).set('X-API-Key', key);
  /** Zero cohorts, each one period shorter than the one before, then the current period's cohort of Ann alone. */
  const annJustNow = (firstStart: number, step: number, count: number) => [
    ...Array.from({ length: count - 1 }, (_, i) => ({
      start: day(firstStart + i * step),
      size: 0,
      retained: new Array<number>(count - i).fill(0),
    })),
    { start: day(firstStart + (count - 1) * step), size: 1, retained: [1] },
  ];

  beforeAll(async () => {
    ctx = await startTestApp();
    const owner = await registerUser(ctx);
    session = owner.token;
    readKey = (await issueKey(ctx, session, ['read'])).key;
    const capture = ctx.app.get(CaptureService);
    bot = {
      id: (await bindTelegramBot(ctx, session)).bot.id,
      userId: owner.user.id,
      platform: 'telegram' as const,
      utmKey: 'utm_source',
    };
    await capture.inboundUpdates(bot, [
      {
        update_id: 7001,
        message: {
          message_id: 1,
          from: ANN,
          chat: { id: ANN.id, type: 'private', first_name: ANN.first_name },
          date: justNow.getTime() / 1000,
          text: '/start utm_source=ads',
        },
      },
    ]);
  });
  afterAll(() => ctx.close());

  it('weeks by default: 12 ISO weeks (Monday, UTC), oldest first; the cabinet answers the same', async () => {
    const v1 = await read(bot.id).expect(200);
    expect(v1.body).toEqual({ period: 'week', source: null, cohorts: annJustNow(monday - 11 * 7 * DAY, 7 * DAY, 12) });
    const cabinet = await request(ctx.url).get(`/api/bots/${bot.id}/retention`).set(bearer(session)).expect(200);
    expect(cabinet.body).toEqual(v1.body);
  });

  it('days: UTC days, 30 by default, the last one today; periods and source are taken and echoed', async () => {
    expect((await read(bot.id, '?period=day').expect(200)).body).toEqual({
      period: 'day',
      source: null,
      cohorts: annJustNow(today - 29 * DAY, DAY, 30),
    });
    expect((await read(bot.id, '?period=week&periods=2&source=ads').expect(200)).body).toEqual({
      period: 'week',
      source: 'ads',
      cohorts: annJustNow(monday - 7 * DAY, 7 * DAY, 2),
    });
    expect((await read(bot.id, '?periods=1&source=vk').expect(200)).body.cohorts).toEqual([
      { start: day(monday), size: 0, retained: [0] },
    ]);
  });

  it('takes up to 52 weeks and 90 days', async () => {
    expect((await read(bot.id, '?periods=52').expect(200)).body.cohorts).toHaveLength(52);
    expect((await read(bot.id, '?period=day&periods=90').expect(200)).body.cohorts).toHaveLength(90);
  });

  it.each([
    ['?periods=0'],
    ['?periods=53'],
    ['?period=week&periods=90'],
    ['?period=day&periods=91'],
    ['?period=day&periods=0'],
    ['?periods=x'],
    ['?periods=2.5'],
    ['?periods='],
    ['?periods=3&periods=4'],
  ])('refuses %s with 400 "неверный periods"', async (query) => {
    const res = await read(bot.id, query).expect(400);
    expect(res.body).toEqual({ message: 'неверный periods' });
  });

  it.each([['?period=month'], ['?period='], ['?period=WEEK'], ['?period=day&period=week']])(
    'refuses %s with 400 "неверный period"',
    async (query) => {
      const res = await read(bot.id, query).expect(400);
      expect(res.body).toEqual({ message: 'неверный period' });
    },
  );

  it('refuses a repeated source with 400', async () => {
    const res = await read(bot.id, '?source=ads&source=vk').expect(400);
    expect(res.body).toEqual({ message: Messages.funnelSourceOnce });
  });

  describe('access, as the other reports', () => {
    it('needs the read scope: a write-only key gets 403', async () => {
      const writeKey = (await issueKey(ctx, session, ['write'])).key;
      const res = await read(bot.id, '', writeKey).expect(403);
      expect(res.body).toEqual({ message: Messages.scopeRequired('read') });
    });

    it('another user\'s bot and an unknown bot are 404 "Bot not found"', async () => {
      const stranger = await registerUser(ctx);
      const strangerKey = (await issueKey(ctx, stranger.token, ['read'])).key;
      expect((await read(bot.id, '', strangerKey).expect(404)).body).toEqual({ message: Messages.botNotFound });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
        expect((await read(id).expect(404)).body).toEqual({ message: Messages.botNotFound });
      const cabinet = await request(ctx.url)
        .get(`/api/bots/${bot.id}/retention`)
        .set(bearer(stranger.token))
        .expect(404);
      expect(cabinet.body).toEqual({ message: Messages.botNotFound });
    });

    it('without a key is 401; the session route wants a session, not a key', async () => {
      const res = await request(ctx.url).get(`/api/v1/bots/${bot.id}/retention`).expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyRequired });
      const keyOnly = await request(ctx.url).get(`/api/bots/${bot.id}/retention`).set('X-API-Key', readKey).expect(401);
      expect(keyOnly.body).toEqual({ message: Messages.sessionRequired });
    });
  });
});
