import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const UNMAPPED = '— unmapped';

const ANN = { id: 201, is_bot: false, first_name: 'Ann' };
const BOB = { id: 202, is_bot: false, first_name: 'Bob' };
const CAT = { id: 203, is_bot: false, first_name: 'Cat' };
const DAN = { id: 204, is_bot: false, first_name: 'Dan' };
type Person = typeof ANN;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Empty cohorts before the scripted ones: `count` of them, the first with `total` periods. */
const empty = (firstStart: number, step: number, count: number, total: number) =>
  Array.from({ length: count }, (_, i) => ({
    start: day(firstStart + i * step),
    size: 0,
    retained: new Array<number>(total - i).fill(0),
  }));

describe('Retention cohorts (issue 16): GET /api/v1/bots/{id}/retention and GET /api/bots/:id/retention', () => {
  let ctx: TestApp;
  let session: string;
  let readKey: string;
  let capture: CaptureService;
  let weeksBot: CaptureBot;
  let daysBot: CaptureBot;

  // Times are platform times (whole seconds) of past days and weeks; "just now" never falls before the current day.
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  const justNow = new Date(Math.max(today, Math.floor((Date.now() - 60_000) / 1000) * 1000));
  const at = (ms: number) => new Date(ms);

  let updateId = 7000;
  let messageId = 1;
  const inbound = (bot: CaptureBot, from: Person, when: Date, text: string) =>
    capture.inboundUpdates(bot, [
      {
        update_id: ++updateId,
        message: {
          message_id: ++messageId,
          from,
          chat: { id: from.id, type: 'private', first_name: from.first_name },
          date: when.getTime() / 1000,
          text,
        },
      },
    ]);
  const answer = (bot: CaptureBot, to: Person, when: Date, text: string) =>
    capture.outboundResult(bot, 'sendmessage', null, {
      message_id: ++messageId,
      from: { id: 999, is_bot: true, first_name: 'Bot' },
      chat: { id: to.id, type: 'private', first_name: to.first_name },
      date: when.getTime() / 1000,
      text,
    });

  const read = (botId: string, query = '', key = readKey) =>
    request(ctx.url).get(`/api/v1/bots/${botId}/retention${query}`).set('X-API-Key', key);

  beforeAll(async () => {
    ctx = await startTestApp();
    const owner = await registerUser(ctx);
    session = owner.token;
    readKey = (await issueKey(ctx, session, ['read'])).key;
    capture = ctx.app.get(CaptureService);
    const bind = async () => ({
      id: (await bindTelegramBot(ctx, session)).bot.id,
      userId: owner.user.id,
      platform: 'telegram' as const,
      utmKey: 'utm_source',
    });
    weeksBot = await bind();
    daysBot = await bind();

    // Two weeks ago: Ann from an ad, Bob without a link. Last week: both write again (Bob through a
    // promo link, attributed late), Cat arrives at the last second of Sunday. This week: Ann and Cat
    // write, Bob only hears from the bot, Dan arrives from the ad.
    await inbound(weeksBot, ANN, at(monday - 14 * DAY + 10 * 3600_000), '/start utm_source=ads');
    await inbound(weeksBot, BOB, at(monday - 12 * DAY + 12 * 3600_000), '/start');
    await inbound(weeksBot, ANN, at(monday - 6 * DAY + 10 * 3600_000), 'hi');
    await inbound(weeksBot, BOB, at(monday - 5 * DAY), '/start promo');
    await inbound(weeksBot, CAT, at(monday - 1000), 'hello');
    await inbound(weeksBot, ANN, justNow, 'again');
    await inbound(weeksBot, CAT, justNow, 'back');
    await answer(weeksBot, BOB, justNow, 'We miss you');
    await inbound(weeksBot, DAN, justNow, '/start utm_source=ads');

    // Days: Ann three days ago, again at 23:59 two days ago and now; Bob at midnight two days ago; Cat now.
    await inbound(daysBot, ANN, at(today - 3 * DAY + 10 * 3600_000), '/start');
    await inbound(daysBot, ANN, at(today - DAY - 60_000), 'x');
    await inbound(daysBot, BOB, at(today - 2 * DAY), 'hi');
    await inbound(daysBot, ANN, justNow, 'y');
    await inbound(daysBot, CAT, justNow, 'hey');
  });
  afterAll(() => ctx.close());

  const scriptedWeeks = [
    { start: day(monday - 14 * DAY), size: 2, retained: [2, 2, 1] },
    { start: day(monday - 7 * DAY), size: 1, retained: [1, 1] },
    { start: day(monday), size: 1, retained: [1] },
  ];

  it('weeks by default: 12 ISO weeks (Monday, UTC), oldest first, empty weeks as zero cohorts', async () => {
    const res = await read(weeksBot.id).expect(200);
    expect(res.body).toEqual({
      period: 'week',
      source: null,
      cohorts: [...empty(monday - 11 * 7 * DAY, 7 * DAY, 9, 12), ...scriptedWeeks],
    });
  });

  it('answers the same to the cabinet through the session API', async () => {
    const v1 = await read(weeksBot.id, '?periods=3').expect(200);
    const cabinet = await request(ctx.url)
      .get(`/api/bots/${weeksBot.id}/retention?periods=3`)
      .set(bearer(session))
      .expect(200);
    expect(v1.body).toEqual({ period: 'week', source: null, cohorts: scriptedWeeks });
    expect(cabinet.body).toEqual(v1.body);
  });

  it('filters by source: the attributed source, a late attribution with its history, `— unmapped`', async () => {
    expect((await read(weeksBot.id, '?period=week&periods=3&source=ads').expect(200)).body).toEqual({
      period: 'week',
      source: 'ads',
      cohorts: [
        { start: day(monday - 14 * DAY), size: 1, retained: [1, 1, 1] },
        { start: day(monday - 7 * DAY), size: 0, retained: [0, 0] },
        { start: day(monday), size: 1, retained: [1] },
      ],
    });
    expect((await read(weeksBot.id, '?periods=3&source=promo').expect(200)).body.cohorts).toEqual([
      { start: day(monday - 14 * DAY), size: 1, retained: [1, 1, 0] },
      { start: day(monday - 7 * DAY), size: 0, retained: [0, 0] },
      { start: day(monday), size: 0, retained: [0] },
    ]);
    const unmapped = await read(weeksBot.id, `?periods=2&source=${encodeURIComponent(UNMAPPED)}`).expect(200);
    expect(unmapped.body).toEqual({
      period: 'week',
      source: UNMAPPED,
      cohorts: [
        { start: day(monday - 7 * DAY), size: 1, retained: [1, 1] },
        { start: day(monday), size: 0, retained: [0] },
      ],
    });
  });

  it('applies the source mappings when it is read', async () => {
    await request(ctx.url)
      .put(`/api/bots/${weeksBot.id}/sources/mappings`)
      .set(bearer(session))
      .send([{ raw: 'promo', source_value: 'partners', campaign_name: null }])
      .expect(200);
    try {
      expect((await read(weeksBot.id, '?periods=3&source=partners').expect(200)).body.cohorts[0]).toEqual({
        start: day(monday - 14 * DAY),
        size: 1,
        retained: [1, 1, 0],
      });
      expect((await read(weeksBot.id, '?periods=3&source=promo').expect(200)).body.cohorts[0].size).toBe(0);
    } finally {
      await request(ctx.url).put(`/api/bots/${weeksBot.id}/sources/mappings`).set(bearer(session)).send([]).expect(200);
    }
  });

  it('days: UTC days, 30 by default, only days that have begun', async () => {
    const scripted = [
      { start: day(today - 3 * DAY), size: 1, retained: [1, 1, 0, 1] },
      { start: day(today - 2 * DAY), size: 1, retained: [1, 0, 0] },
      { start: day(today - DAY), size: 0, retained: [0, 0] },
      { start: day(today), size: 1, retained: [1] },
    ];
    expect((await read(daysBot.id, '?period=day&periods=4').expect(200)).body).toEqual({
      period: 'day',
      source: null,
      cohorts: scripted,
    });
    expect((await read(daysBot.id, '?period=day').expect(200)).body).toEqual({
      period: 'day',
      source: null,
      cohorts: [...empty(today - 29 * DAY, DAY, 26, 30), ...scripted],
    });
    expect((await read(daysBot.id, '?period=day&periods=1').expect(200)).body.cohorts).toEqual([
      { start: day(today), size: 1, retained: [1] },
    ]);
  });

  it('takes up to 52 weeks and 90 days', async () => {
    expect((await read(weeksBot.id, '?periods=52').expect(200)).body.cohorts).toHaveLength(52);
    expect((await read(daysBot.id, '?period=day&periods=90').expect(200)).body.cohorts).toHaveLength(90);
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
    const res = await read(weeksBot.id, query).expect(400);
    expect(res.body).toEqual({ message: 'неверный periods' });
  });

  it.each([['?period=month'], ['?period='], ['?period=WEEK'], ['?period=day&period=week']])(
    'refuses %s with 400 "неверный period"',
    async (query) => {
      const res = await read(weeksBot.id, query).expect(400);
      expect(res.body).toEqual({ message: 'неверный period' });
    },
  );

  it('refuses a repeated source with 400', async () => {
    const res = await read(weeksBot.id, '?source=ads&source=vk').expect(400);
    expect(res.body).toEqual({ message: Messages.funnelSourceOnce });
  });

  describe('access, as the other reports', () => {
    it('needs the read scope: a write-only key gets 403', async () => {
      const writeKey = (await issueKey(ctx, session, ['write'])).key;
      const res = await read(weeksBot.id, '', writeKey).expect(403);
      expect(res.body).toEqual({ message: Messages.scopeRequired('read') });
    });

    it('another user\'s bot and an unknown bot are 404 "Bot not found"', async () => {
      const stranger = await registerUser(ctx);
      const strangerKey = (await issueKey(ctx, stranger.token, ['read'])).key;
      expect((await read(weeksBot.id, '', strangerKey).expect(404)).body).toEqual({ message: Messages.botNotFound });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])
        expect((await read(id).expect(404)).body).toEqual({ message: Messages.botNotFound });
      const cabinet = await request(ctx.url)
        .get(`/api/bots/${weeksBot.id}/retention`)
        .set(bearer(stranger.token))
        .expect(404);
      expect(cabinet.body).toEqual({ message: Messages.botNotFound });
    });

    it('without a key is 401; the session route wants a session, not a key', async () => {
      const res = await request(ctx.url).get(`/api/v1/bots/${weeksBot.id}/retention`).expect(401);
      expect(res.body).toEqual({ message: Messages.apiKeyRequired });
      const keyOnly = await request(ctx.url)
        .get(`/api/bots/${weeksBot.id}/retention`)
        .set('X-API-Key', readKey)
        .expect(401);
      expect(keyOnly.body).toEqual({ message: Messages.sessionRequired });
    });
  });
});
