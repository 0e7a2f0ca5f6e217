import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { FunnelBackfillProcessor } from '../../src/funnels/funnel-backfill.processor';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const base = Math.floor(Date.now() / 1000) - 3600;
let updateId = 0;
const tgMessage = (userId: number, text: string, at: number) => {
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: { id: userId, is_bot: false, first_name: 'U' },
      chat: { id: userId, type: 'private' },
      date: at,
      text,
    },
  };
};

const STAGES = [
  { name: 'Started', type: 'command', value: '/start' },
  { name: 'Said hello', type: 'text', match: 'exact', value: 'Привет' },
  { name: 'Asked the price', type: 'intent', value: 'price' },
  { name: 'Wants to buy', type: 'text', match: 'contains', value: 'купить' },
];

describe('Funnels (session API)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let bot: CaptureBot;
  let capture: CaptureService;
  const funnel = async (source?: string) => {
    const res = await request(ctx.url)
      .get(`/api/bots/${botId}/funnel`)
      .query(source === undefined ? {} : { source })
      .set(bearer(owner))
      .expect(200);
    return res.body as {
      source: string | null;
      stages: Array<{ name: string; reached: number; conversion: number | null }>;
      computing: boolean;
    };
  };
  const reached = async (source?: string) => (await funnel(source)).stages.map((s) => s.reached);
  const putConfig = (body: unknown) =>
    request(ctx.url)
      .put(`/api/bots/${botId}/funnel/config`)
      .set(bearer(owner))
      .send(body as object);

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    bot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    capture = ctx.app.get(CaptureService);
    await request(ctx.url)
      .post(`/api/bots/${botId}/intents`)
      .set(bearer(owner))
      .send({ name: 'price', keywords: ['цена'], patterns: [] })
      .expect(201);
    await request(ctx.url)
      .put(`/api/bots/${botId}/sources/mappings`)
      .set(bearer(owner))
      .send([
        { raw: 'ig', source_value: 'instagram' },
        { raw: 'insta', source_value: 'instagram' },
      ])
      .expect(200);
  });
  afterAll(() => ctx.close());

  it('answers an empty configuration and an empty funnel before the first PUT', async () => {
    expect(
      (await request(ctx.url).get(`/api/bots/${botId}/funnel/config`).set(bearer(owner)).expect(200)).body,
    ).toEqual({
      stages: [],
    });
    expect(await funnel()).toEqual({ source: null, stages: [], computing: false });
  });

  it('stores the configuration and answers it normalised (match only on text stages)', async () => {
    const put = await putConfig({ stages: STAGES }).expect(200);
    expect(put.body).toEqual({ stages: STAGES });
    expect(
      (await request(ctx.url).get(`/api/bots/${botId}/funnel/config`).set(bearer(owner)).expect(200)).body,
    ).toEqual({
      stages: STAGES,
    });
    await eventually(async () =>
      expect(await funnel()).toMatchObject({
        computing: false,
        stages: STAGES.map((s) => ({ name: s.name, reached: 0, conversion: null })),
      }),
    );
  });

  it('counts each contact once per stage from its inbound messages only, with conversions from the stage before', async () => {
    await capture.inboundUpdates(bot, [
      // u1: every stage; attributed to instagram through the mapped raw value `ig`
      tgMessage(1, '/start ig', base),
      tgMessage(1, '  ПРИВЕТ  ', base + 10),
      tgMessage(1, 'какая цена?', base + 20),
      tgMessage(1, 'хочу КУПИТЬ сейчас', base + 30),
      // u2: `/start@bot` is the command; `привет!` is not the exact text; no source
      tgMessage(2, '/start@funnel_bot', base),
      tgMessage(2, 'привет!', base + 10),
      tgMessage(2, 'цена', base + 20),
      // u3: instagram through `insta`; says hello twice, counted once at the first
      tgMessage(3, '/start insta', base),
      tgMessage(3, 'привет', base + 10),
      tgMessage(3, 'привет', base + 50),
      // u4: `/startx` is another command; no source
      tgMessage(4, '/startx', base),
      tgMessage(4, 'купить', base + 10),
      // u5: from vk; only the bot says the stage texts
      tgMessage(5, '/start vk', base),
    ]);
    for (const [i, text] of ['Привет', 'Хотите купить? Цена 100'].entries()) {
      const sent = {
        message_id: 900 + i,
        from: { id: 1, is_bot: true },
        chat: { id: 5, type: 'private' },
        date: base + 5,
        text,
      };
      await capture.outboundResult(bot, 'sendmessage', null, sent);
    }

    await eventually(async () => expect(await reached()).toEqual([4, 2, 2, 2]));
    expect((await funnel()).stages).toEqual([
      { name: 'Started', reached: 4, conversion: null },
      { name: 'Said hello', reached: 2, conversion: 0.5 },
      { name: 'Asked the price', reached: 2, conversion: 1 },
      { name: 'Wants to buy', reached: 2, conversion: 1 },
    ]);

    const { rows } = await ctx.db.query(
      `SELECT r.reached_at FROM funnel_reach r JOIN contacts c ON c.id = r.contact_id JOIN funnel_stages s ON s.stage_key = r.stage_key AND s.bot_id = r.bot_id
        WHERE c.external_user_id = '3' AND s.name = 'Said hello'`,
    );
    expect(rows).toEqual([{ reached_at: new Date((base + 10) * 1000) }]);
  });

  it('moves a contact to its source when it is attributed after reaching stages', async () => {
    await capture.inboundUpdates(bot, [tgMessage(6, 'Купить можно?', base + 100)]);
    await eventually(async () => expect(await reached('— unmapped')).toEqual([1, 0, 1, 2]));
    await capture.inboundUpdates(bot, [tgMessage(6, '/start ig', base + 200)]);
    await eventually(async () => expect(await reached('— unmapped')).toEqual([1, 0, 1, 1]));
  });

  it('filters by mapped source: raw values mapped to it count, `— unmapped` is contacts without a source', async () => {
    expect(await funnel()).toEqual({
      source: null,
      computing: false,
      stages: [
        { name: 'Started', reached: 5, conversion: null },
        { name: 'Said hello', reached: 2, conversion: 0.4 },
        { name: 'Asked the price', reached: 2, conversion: 1 },
        { name: 'Wants to buy', reached: 3, conversion: 1.5 },
      ],
    });
    expect(await funnel('instagram')).toEqual({
      source: 'instagram',
      computing: false,
      stages: [
        { name: 'Started', reached: 3, conversion: null },
        { name: 'Said hello', reached: 2, conversion: 0.6667 },
        { name: 'Asked the price', reached: 1, conversion: 0.5 },
        { name: 'Wants to buy', reached: 2, conversion: 2 },
      ],
    });
    expect((await funnel('— unmapped')).stages).toEqual([
      { name: 'Started', reached: 1, conversion: null },
      { name: 'Said hello', reached: 0, conversion: 0 },
      { name: 'Asked the price', reached: 1, conversion: null },
      { name: 'Wants to buy', reached: 1, conversion: 1 },
    ]);
    expect(await reached('vk')).toEqual([1, 0, 0, 0]);
    // A raw value that is mapped counts only under its normalised value.
    expect(await reached('ig')).toEqual([0, 0, 0, 0]);
  });

  it('keeps unchanged stages and backfills new ones from the history when the stages change', async () => {
    const [{ stage_key: startKey }] = (
      await ctx.db.query(`SELECT stage_key FROM funnel_stages WHERE bot_id = $1 AND position = 0`, [botId])
    ).rows;
    const changed = [
      STAGES[0],
      { name: 'Hello anywhere', type: 'text', match: 'contains', value: 'привет' },
      { name: 'Just "купить"', type: 'text', match: 'exact', value: 'купить' },
      STAGES[2],
    ];
    // With the backfill held back, the funnel says it is computing; the unchanged stage keeps its count.
    const backfill = ctx.app.get(FunnelBackfillProcessor);
    await backfill.pause();
    await putConfig({ stages: changed }).expect(200);
    expect(await funnel()).toEqual({
      source: null,
      computing: true,
      stages: [
        { name: 'Started', reached: 5, conversion: null },
        { name: 'Hello anywhere', reached: 0, conversion: 0 },
        { name: 'Just "купить"', reached: 0, conversion: null },
        { name: 'Asked the price', reached: 2, conversion: null },
      ],
    });
    backfill.resume();
    const settled = await eventually(async () => {
      const result = await funnel();
      expect(result.computing).toBe(false);
      return result;
    }, 15000);
    expect(settled.stages).toEqual([
      { name: 'Started', reached: 5, conversion: null },
      { name: 'Hello anywhere', reached: 3, conversion: 0.6 },
      { name: 'Just "купить"', reached: 1, conversion: 0.3333 },
      { name: 'Asked the price', reached: 2, conversion: 2 },
    ]);
    expect(await reached('instagram')).toEqual([3, 2, 0, 1]);
    expect(await reached('— unmapped')).toEqual([1, 1, 1, 1]);

    const keys = await ctx.db.query(`SELECT stage_key FROM funnel_stages WHERE bot_id = $1 AND position = 0`, [botId]);
    expect(keys.rows[0].stage_key).toBe(startKey);
    // The dropped `contains купить` stage leaves no reach rows behind.
    await eventually(async () => {
      const { rows } = await ctx.db.query(
        `SELECT count(*)::int AS n FROM funnel_reach WHERE bot_id = $1 AND stage_key NOT IN (SELECT stage_key FROM funnel_stage_keys WHERE bot_id = $1)`,
        [botId],
      );
      expect(rows[0].n).toBe(0);
    });
  });

  it('counts intent stages again when the intent is renamed', async () => {
    const [intent] = (await request(ctx.url).get(`/api/bots/${botId}/intents`).set(bearer(owner)).expect(200)).body
      .data;
    await request(ctx.url)
      .patch(`/api/bots/${botId}/intents/${intent.id}`)
      .set(bearer(owner))
      .send({ name: 'cost' })
      .expect(200);
    await eventually(async () =>
      expect(await funnel()).toMatchObject({
        computing: false,
        stages: [{ reached: 5 }, { reached: 3 }, { reached: 1 }, { reached: 0 }],
      }),
    );
  });

  it.each([
    ['stages must contain 1 to 20 stages', {}],
    ['stages must contain 1 to 20 stages', { stages: [] }],
    ['stages must contain 1 to 20 stages', { stages: Array.from({ length: 21 }, () => STAGES[0]) }],
    [
      'stages[2].match must be exact or contains',
      { stages: [STAGES[0], STAGES[1], { name: 'x', type: 'text', match: 'regex', value: 'a' }] },
    ],
    [
      'stages[0].type must be text, command, intent, button or payment',
      { stages: [{ name: 'x', type: 'regex', value: 'a' }] },
    ],
    ['stages[0].name must be 1 to 100 characters', { stages: [{ name: '', type: 'text', value: 'a' }] }],
    ['stages[0].value must be a command such as /start', { stages: [{ name: 'x', type: 'command', value: 'start' }] }],
    [
      'stages[0].match applies to text and button stages only',
      { stages: [{ name: 'x', type: 'intent', match: 'exact', value: 'cost' }] },
    ],
    [
      "stages[1].value must be the name of one of the bot's intents",
      { stages: [STAGES[0], { name: 'x', type: 'intent', value: 'no_such_intent' }] },
    ],
  ])('refuses a config with 400 %s', async (message, body) => {
    const res = await putConfig(body).expect(400);
    expect(res.body).toEqual({ message });
    expect(
      (await request(ctx.url).get(`/api/bots/${botId}/funnel/config`).set(bearer(owner)).expect(200)).body.stages,
    ).toHaveLength(4);
  });

  it("answers 404 for another user's bot, 401 without a session, 400 for a repeated source", async () => {
    const stranger = await registerUser(ctx);
    const theirs = bearer(stranger);
    for (const call of [
      request(ctx.url).get(`/api/bots/${botId}/funnel/config`).set(theirs),
      request(ctx.url).put(`/api/bots/${botId}/funnel/config`).set(theirs).send({ stages: STAGES }),
      request(ctx.url).get(`/api/bots/${botId}/funnel`).set(theirs),
    ]) {
      const res = await call.expect(404);
      expect(res.body).toEqual({ message: Messages.botNotFound });
    }
    expect((await request(ctx.url).get(`/api/bots/${botId}/funnel`).expect(401)).body).toEqual({
      message: Messages.sessionRequired,
    });
    const repeated = await request(ctx.url)
      .get(`/api/bots/${botId}/funnel?source=a&source=b`)
      .set(bearer(owner))
      .expect(400);
    expect(repeated.body).toEqual({ message: Messages.funnelSourceOnce });
  });
});
