import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { botWithSegmentAudience, messagesPerChat } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

describe('Segments of closed broadcasts: preview counts and who gets a broadcast', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let tg: Awaited<ReturnType<typeof botWithSegmentAudience>>;

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: '50' });
    owner = await registerUser(ctx);
    tg = await botWithSegmentAudience(ctx, owner);
  });
  afterAll(() => ctx.close());

  const preview = (body: unknown, botId = tg.bot.id) =>
    request(ctx.url)
      .post(`/api/bots/${botId}/broadcasts/preview`)
      .set(bearer(owner))
      .send(body as object);
  const create = (fields: Record<string, string>) => {
    const req = request(ctx.url).post(`/api/bots/${tg.bot.id}/broadcasts`).set(bearer(owner));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return req;
  };
  const finished = (id: string) =>
    eventually(async () => {
      const list = (await request(ctx.url).get(`/api/bots/${tg.bot.id}/broadcasts`).set(bearer(owner)).expect(200)).body
        .data;
      const found = list.find((b: { id: string }) => b.id === id);
      expect(found.status).toBe('done');
      return found;
    }, 15_000);
  /** Messages per chat the bot got on the fake since `from` (an index into its sent messages). */
  const sentTo = (from: number) => messagesPerChat(ctx.telegram.sentMessages(tg.token).slice(from));
  const sentCount = () => ctx.telegram.sentMessages(tg.token).length;

  describe('POST .../broadcasts/preview counts the audience', () => {
    it.each([
      ['no segment: every contact that has not blocked the bot', {}, 5],
      ['a source, raw values of a mapping included', { segment: { source_value: 'instagram' } }, 2],
      ['a raw value that a mapping renames', { segment: { source_value: 'insta' } }, 0],
      ['contacts without a source', { segment: { source_value: '— unmapped' } }, 2],
      ['a campaign from the start parameter', { segment: { campaign_name: 'summer' } }, 1],
      ['a campaign from a mapping', { segment: { campaign_name: 'spring' } }, 1],
      ['a language', { segment: { language_code: 'en' } }, 2],
      ['an intent', { segment: { intent: 'delivery' } }, 1],
      ['an unknown intent', { segment: { intent: 'refund' } }, 0],
      ['last activity within 30 days', { segment: { active_within_days: 30 } }, 4],
      ['blocked contacts only', { segment: { blocked: true } }, 1],
      ['contacts that have not blocked the bot', { segment: { blocked: false } }, 5],
      ['blocked ones of a source', { segment: { source_value: 'instagram', blocked: true } }, 1],
      [
        'several filters at once',
        { segment: { source_value: 'instagram', language_code: 'RU', active_within_days: 7 } },
        1,
      ],
      ['the segment as a JSON string', { segment: '{"language_code":"ru"}' }, 3],
      ["the bot's platform", { platform: 'telegram' }, 5],
      ["another platform than the bot's", { platform: 'max' }, 0],
      ['platform all', { platform: 'all' }, 5],
    ])('%s', async (_, body, count) => {
      const res = await preview(body).expect(200);
      expect(res.body).toEqual({ count });
    });

    it.each([
      ['an unknown platform', { platform: 'viber' }, Messages.broadcastPlatformInvalid],
      ['a segment that is not JSON', { segment: '{oops' }, Messages.broadcastSegmentNotObject],
      ['a segment that is an array', { segment: [1] }, Messages.broadcastSegmentNotObject],
      ['an unknown segment field', { segment: { country: 'ru' } }, Messages.broadcastSegmentUnknownField('country')],
      ['an empty source', { segment: { source_value: '' } }, Messages.broadcastSegmentBadString('source_value')],
      ['blocked that is not a boolean', { segment: { blocked: 'yes' } }, Messages.broadcastSegmentBadBlocked],
      ['active_within_days 0', { segment: { active_within_days: 0 } }, Messages.broadcastSegmentBadDays],
      ['active_within_days 1.5', { segment: { active_within_days: 1.5 } }, Messages.broadcastSegmentBadDays],
    ])('answers 400 for %s', async (_, body, message) => {
      expect((await preview(body).expect(400)).body).toEqual({ message });
    });

    it("answers 401 without a session and 404 for another user's bot", async () => {
      const anonymous = await request(ctx.url).post(`/api/bots/${tg.bot.id}/broadcasts/preview`).send({}).expect(401);
      expect(anonymous.body).toEqual({ message: Messages.sessionRequired });
      const stranger = await registerUser(ctx);
      const res = await request(ctx.url)
        .post(`/api/bots/${tg.bot.id}/broadcasts/preview`)
        .set(bearer(stranger))
        .send({})
        .expect(404);
      expect(res.body).toEqual({ message: Messages.botNotFound });
    });
  });

  it('sends a text to a segment only, answers 201 with the queued broadcast, and reports it when done', async () => {
    const since = sentCount();
    const res = await create({ text: 'Весенняя акция', segment: JSON.stringify({ source_value: 'instagram' }) }).expect(
      201,
    );
    expect(res.body).toEqual({
      id: expect.any(String),
      text: 'Весенняя акция',
      kind: null,
      platform: 'all',
      segment: { source_value: 'instagram' },
      status: 'queued',
      total_count: 2,
      sent_count: 0,
      failed_count: 0,
      error: null,
      send_at: null,
      started_at: null,
      finished_at: null,
      created_at: expect.any(String),
      revenue: [],
      track_links: false,
      outcomes: { delivered: 0, failed: 0, blocked_on_send: 0, clicked: 0, replied: 0, blocked_after: 0, revenue: [] },
      variants: null,
      test_share: null,
      winner_after_minutes: null,
      winner_metric: null,
      winner: null,
      winner_chosen_at: null,
    });
    const done = await finished(res.body.id);
    expect(done).toMatchObject({
      total_count: 2,
      sent_count: 2,
      failed_count: 0,
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(sentTo(since)).toEqual(
      new Map([
        ['11', 1],
        ['12', 1],
      ]),
    );
    const stored = await ctx.db.query(
      `SELECT external_user_id FROM messages WHERE bot_id = $1 AND direction = 'out' AND text = 'Весенняя акция' ORDER BY 1`,
      [tg.bot.id],
    );
    expect(stored.rows).toEqual([{ external_user_id: '11' }, { external_user_id: '12' }]);
  });

  it('takes a JSON body too (text-only broadcasts need no multipart)', async () => {
    const res = await request(ctx.url)
      .post(`/api/bots/${tg.bot.id}/broadcasts`)
      .set(bearer(owner))
      .send({ text: 'json body', segment: { intent: 'delivery' } })
      .expect(201);
    expect(res.body).toMatchObject({ total_count: 1, segment: { intent: 'delivery' } });
    expect(await finished(res.body.id)).toMatchObject({ sent_count: 1 });
  });
});
