import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { FunnelReachListener } from '../../src/funnels/funnel-reach.listener';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { addMember, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const day = 86_400;
const now = Math.floor(Date.now() / 1000);
let updateId = 1;
/** An update with a message of `userId` in their private chat, carrying `content` (a text, a payment…). */
const privateMessage = (userId: number, date: number, content: Record<string, unknown>) => ({
  update_id: updateId,
  message: {
    message_id: updateId++,
    from: { id: userId, is_bot: false, first_name: `User ${userId}` },
    chat: { id: userId, type: 'private' },
    date,
    ...content,
  },
});
const tg = (userId: number, text: string, date: number) => privateMessage(userId, date, { text });

// A press has no platform time (it is when it arrived), so only the erased person presses: the bots' contacts stay alike.
const press = (userId: number, data: string) => ({
  update_id: updateId++,
  callback_query: {
    id: `cb-${updateId}`,
    from: { id: userId, is_bot: false, first_name: `User ${userId}` },
    message: { message_id: 1, chat: { id: userId, type: 'private' }, date: now, text: 'menu' },
    data,
  },
});

/** A Stars payment (`successful_payment`), or its refund (`refunded_payment`), in the user's private chat. */
const money = (
  userId: number,
  field: 'successful_payment' | 'refunded_payment',
  charge: string,
  amount: number,
  date: number,
) =>
  privateMessage(userId, date, {
    [field]: {
      currency: 'XTR',
      total_amount: amount,
      invoice_payload: 'plan:pro',
      telegram_payment_charge_id: charge,
      ...(field === 'successful_payment' ? { provider_payment_charge_id: '' } : {}),
    },
  });

/** Everyone but the erased person, the same on both bots: two days of traffic with sources, intents and a payment. */
const shared = [
  tg(1, '/start utm_source=vk&utm_campaign=winter', now - 2 * day),
  tg(1, 'какая цена?', now - 2 * day + 60),
  money(1, 'successful_payment', 'stx-shared', 100, now - 2 * day + 90),
  tg(2, '/start blog', now - day),
  tg(2, 'привет', now - 60),
];
/**
 * The person to erase: a new contact on a day nobody else was, a second touch, an intent, both funnel stages,
 * two button presses, two payments under the shared one's source, one refunded.
 */
const erased = [
  tg(3, '/start utm_source=vk&utm_campaign=winter', now - 3 * day),
  tg(3, 'цена доставки', now - 3 * day + 30),
  money(3, 'successful_payment', 'stx-erased-1', 500, now - 2 * day + 100),
  tg(3, '/start blog', now - day + 10),
  tg(3, 'а цена?', now - 30),
  money(3, 'successful_payment', 'stx-erased-2', 250, now - 20),
  money(3, 'refunded_payment', 'stx-erased-1', 500, now - 10),
  press(3, 'buy'),
  press(3, 'info'),
];

describe('DELETE /api/bots/:id/contacts/:userId (erasing one person)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let withPerson: string;
  let without: string;

  const get = (path: string, session = owner.token) =>
    request(ctx.url)
      .get(path)
      .set(bearer(session))
      .expect(200)
      .then((res) => res.body);
  const erase = (botId: string, userId: string, session = owner.token) =>
    request(ctx.url).delete(`/api/bots/${botId}/contacts/${userId}`).set(bearer(session));

  async function botWith(updates: unknown[]): Promise<string> {
    const botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    await request(ctx.url)
      .post(`/api/bots/${botId}/intents`)
      .set(bearer(owner))
      .send({ name: 'price', keywords: ['цена'], patterns: [] })
      .expect(201);
    await request(ctx.url)
      .put(`/api/bots/${botId}/funnel/config`)
      .set(bearer(owner))
      .send({
        stages: [
          { name: 'Старт', type: 'command', value: '/start' },
          { name: 'Цена', type: 'intent', value: 'price' },
        ],
      })
      .expect(200);
    await eventually(async () => expect((await get(`/api/bots/${botId}/funnel`)).computing).toBe(false));
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    for (const update of updates) await ctx.app.get(CaptureService).inboundUpdates(bot, [update]);
    return botId;
  }

  /** The bot answers the person to erase (a reply time, issue 27). */
  async function answerPerson(botId: string): Promise<void> {
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    const chat = { id: 3, type: 'private', first_name: 'User 3' };
    await ctx.app
      .get(CaptureService)
      .recordSent(
        bot,
        'sendMessage',
        { chat_id: 3, text: 'вот цена' },
        { message_id: 900, chat, date: now, text: 'вот цена' },
      );
  }

  /** What the cabinet's reports show of a bot, without the rows' own ids (which differ between the bots). */
  async function reports(botId: string) {
    await ctx.app.get(FunnelReachListener).idle();
    const strip = <T extends Record<string, unknown>>(rows: T[], ...keys: string[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k))));
    return {
      stats: await get(`/api/bots/${botId}/stats`),
      timeline: await get(`/api/bots/${botId}/stats/timeline?days=7`),
      sources: await get(`/api/bots/${botId}/sources`),
      funnel: await get(`/api/bots/${botId}/funnel`),
      funnelVk: await get(`/api/bots/${botId}/funnel?source=vk`),
      retentionWeeks: await get(`/api/bots/${botId}/retention`),
      retentionDays: await get(`/api/bots/${botId}/retention?period=day&periods=7`),
      retentionVk: await get(`/api/bots/${botId}/retention?period=day&periods=7&source=vk`),
      buttons: await get(`/api/bots/${botId}/buttons`),
      contacts: (({ data, ...page }) => ({ ...page, data: strip(data, 'id', 'avatar_url') }))(
        await get(`/api/bots/${botId}/contacts`),
      ),
      // waited_s counts seconds up to the read, which two reports cannot share.
      dialogs: strip((await get(`/api/bots/${botId}/dialogs`)).data, 'id', 'avatar_url', 'waited_s'),
      intents: strip((await get(`/api/bots/${botId}/intents`)).data, 'id', 'created_at'),
      health: await get(`/api/bots/${botId}/health`),
      revenue: await get(`/api/bots/${botId}/revenue`),
      revenueVk: await get(`/api/bots/${botId}/revenue?source=vk`),
      revenueCohorts: await get(`/api/bots/${botId}/revenue/cohorts?period=day&periods=7`),
    };
  }

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    withPerson = await botWith([
      ...erased.slice(0, 2),
      ...shared.slice(0, 3),
      ...erased.slice(2, 4),
      ...shared.slice(3),
      ...erased.slice(4),
    ]);
    await answerPerson(withPerson);
    without = await botWith(shared);
    // Matching runs after the ingest commits: wait until both bots' messages are matched.
    for (const [botId, matched] of [
      [withPerson, 3],
      [without, 1],
    ] as const) {
      await eventually(async () => {
        expect((await get(`/api/bots/${botId}/intents`)).data[0].messages_count).toBe(matched);
      });
    }
  });
  afterAll(() => ctx.close());

  it('answers 404 for an unknown contact and a foreign bot, 403 for an observer', async () => {
    expect((await erase(withPerson, '999').expect(404)).body).toEqual({ message: 'Contact not found' });
    const stranger = await registerUser(ctx);
    expect((await erase(withPerson, '3', stranger.token).expect(404)).body).toEqual({ message: Messages.botNotFound });
    await upgradeToBusiness(ctx, owner.token);
    const observer = await addMember(ctx, owner.token, 'observer');
    expect((await erase(withPerson, '3', observer.token).expect(403)).body).toEqual({ message: Messages.forbidden });
  });

  it('erases the contact so every report equals that of a bot the person never wrote to', async () => {
    const before = await reports(withPerson);
    const others = await reports(without);
    expect(before.stats).not.toEqual(others.stats);
    expect(before.retentionDays).not.toEqual(others.retentionDays);
    // One answer to the person's seven messages (four texts, two payments and a refund, stored as messages too):
    // seven reply times.
    expect(before.health.reply_time.replied).toBe(7);
    expect(others.health.reply_time.replied).toBe(0);
    expect(before.revenue.totals).toEqual([
      { currency: 'XTR', gross: 850, refunds: 500, net: 350, payments: 3, refunded: 1, payers: 2, new_payers: 2 },
    ]);
    expect(before.buttons).toEqual({
      data: [
        { data: 'buy', presses: 1, contacts: 1 },
        { data: 'info', presses: 1, contacts: 1 },
      ],
    });

    // Their updates' raw copies (in message_raws, which no foreign key ties to messages).
    const raws = await ctx.db.query(
      `SELECT count(*)::int AS n FROM message_raws r JOIN messages m ON m.id = r.message_id AND m.created_at = r.created_at
        WHERE m.bot_id = $1 AND m.external_user_id = '3'`,
      [withPerson],
    );
    expect(raws.rows[0].n).toBeGreaterThan(0);

    const admin = await addMember(ctx, owner.token, 'administrator');
    const res = await erase(withPerson, '3', admin.token).expect(204);
    expect(res.text).toBe('');

    expect(await reports(withPerson)).toEqual(await reports(without));
    expect((await erase(withPerson, '3').expect(404)).body).toEqual({ message: 'Contact not found' });
    expect((await request(ctx.url).get(`/api/bots/${withPerson}/contacts/3`).set(bearer(owner))).status).toBe(404);

    // Nothing references the person any more.
    const left = await ctx.db.query(
      `SELECT (SELECT count(*) FROM messages WHERE bot_id = $1 AND external_user_id = '3')::int AS messages,
              (SELECT count(*) FROM contacts WHERE bot_id = $1 AND external_user_id = '3')::int AS contacts,
              (SELECT count(*) FROM touches t WHERE t.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = t.contact_id))::int AS touches,
              (SELECT count(*) FROM funnel_reach r WHERE r.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = r.contact_id))::int AS reach,
              (SELECT count(*) FROM message_intents mi WHERE mi.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = mi.contact_id))::int AS matches,
              (SELECT count(*) FROM message_raws r WHERE r.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = r.message_id AND m.created_at = r.created_at))::int AS raws,
              (SELECT count(*) FROM message_replies mr WHERE mr.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = mr.message_id))::int AS replies,
              (SELECT count(*) FROM button_presses WHERE bot_id = $1 AND external_user_id = '3')::int AS presses,
              (SELECT count(*) FROM contact_activity a WHERE a.bot_id = $1
                 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = a.contact_id))::int AS activity,
              (SELECT count(*) FROM reply_time_counts WHERE bot_id = $1)::int AS reply_counts,
              (SELECT count(*) FROM payments WHERE bot_id = $1 AND external_user_id = '3')::int AS payments`,
      [withPerson],
    );
    expect(left.rows).toEqual([
      {
        messages: 0,
        contacts: 0,
        touches: 0,
        reach: 0,
        matches: 0,
        raws: 0,
        replies: 0,
        presses: 0,
        activity: 0,
        reply_counts: 0,
        payments: 0,
      },
    ]);

    // The audit log names who erased which bot's contact, and nothing of the person.
    const audit = await ctx.db.query(
      `SELECT actor_id, action, target_user_id, details FROM audit_log WHERE action = 'erase_contact'`,
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.user.id,
        action: 'erase_contact',
        target_user_id: null,
        details: { bot_id: withPerson, contact_id: expect.any(String) },
      },
    ]);
  });
});
