import request from 'supertest';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { CaptureService } from '../../src/ingest/capture.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { bearer } from './support/session';
import { addMember, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const CHECK_MS = 200;
const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Issue 27's alerts end to end, on the fake platforms with a 200 ms check: a bot that answered before leaves three
 * messages unanswered past its silence rule; the alert opens once (however many checks see it), the owner and the
 * team's administrator get one mail each, subscribers get `bot.alert.opened`; the bot answers through the mirror and
 * the alert resolves, told once the same ways. A deactivated bot in the same state raises none.
 */
describe('Bot alerts (issue 27): the silence alert opens once, mails, and resolves', () => {
  let ctx: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    ctx = await startTestApp({ HEALTH_CHECK_INTERVAL_MS: String(CHECK_MS) });
    owner = await registerUser(ctx);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  /** A bot that answered user 100 half an hour ago, and now has three messages of user 200 two minutes old. */
  async function silentBot() {
    const bound = await bindTelegramBot(ctx, owner.token);
    const bot: CaptureBot = { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await request(ctx.url)
      .patch(`/api/bots/${bot.id}`)
      .set(bearer(owner))
      .send({ alerts: { silence_minutes: 1 } })
      .expect(200);
    await addTelegramContacts(ctx, bot, [{ id: 100, text: 'hello?', date: unixNow() - 1800 }]);
    await ctx.app.get(CaptureService).outboundResult(bot, 'sendmessage', null, {
      message_id: 1,
      chat: { id: 100, type: 'private' },
      date: unixNow() - 1790,
      text: 'hi!',
    });
    return { ...bound, capture: bot };
  }
  const silence = (bot: CaptureBot) =>
    addTelegramContacts(
      ctx,
      bot,
      ['one', 'two', 'three'].map((text) => ({ id: 200, text, date: unixNow() - 120 })),
    );
  const alertsOf = async (botId: string, state: string) =>
    (await request(ctx.url).get(`/api/bots/${botId}/alerts?state=${state}`).set(bearer(owner)).expect(200)).body.data;

  it('opens once with one mail per recipient and one event, and resolves once the bot answers', async () => {
    await upgradeToBusiness(ctx, owner.token);
    const admin = await addMember(ctx, owner.token, 'administrator');
    const observer = await addMember(ctx, owner.token, 'observer');
    const { bot, token, capture } = await silentBot();
    await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events: ['bot.alert.opened', 'bot.alert.resolved'], bot_id: bot.id })
      .expect(201);
    const mailsBefore = ctx.smtp.messages.length;
    await silence(capture);

    const [opened] = await eventually(async () => {
      const open = await alertsOf(bot.id, 'open');
      expect(open).toHaveLength(1);
      return open;
    });
    expect(opened).toEqual({
      id: expect.any(String),
      kind: 'silence',
      opened_at: expect.any(String),
      resolved_at: null,
      details: {
        unanswered: 3,
        since: expect.any(String),
      },
    });
    // Since the oldest of the three messages, about two minutes ago.
    expect(Math.abs(Date.parse(opened.details.since) - (Date.now() - 120_000))).toBeLessThan(5000);
    const shown = await request(ctx.url).get(`/api/bots/${bot.id}`).set(bearer(owner)).expect(200);
    expect(shown.body.open_alerts).toEqual([{ id: opened.id, kind: 'silence', opened_at: opened.opened_at }]);
    const openMail = await ctx.smtp.waitFor(
      (m) => m.to.includes(owner.email.toLowerCase()) && /проблема/.test(m.subject),
    );
    expect(openMail.subject).toBe(`Botlens: проблема с ботом «${bot.name}»`);
    expect(openMail.text).toContain('бот перестал отвечать');
    await ctx.smtp.waitFor((m) => m.to.includes(admin.email.toLowerCase()) && /проблема/.test(m.subject));
    await receiver.waitForCount(1);
    expect(JSON.parse(receiver.requests[0].body)).toMatchObject({
      event: 'bot.alert.opened',
      data: { bot_id: bot.id, alert_id: opened.id, kind: 'silence', resolved_at: null, details: { unanswered: 3 } },
    });

    // More checks see the same silence: nothing more is opened, mailed or sent.
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 5));
    expect(await alertsOf(bot.id, 'open')).toHaveLength(1);
    const since = ctx.smtp.messages.slice(mailsBefore);
    expect(since.map((m) => m.to).sort()).toEqual([[owner.email.toLowerCase()], [admin.email.toLowerCase()]].sort());
    expect(since.some((m) => m.to.includes(observer.email.toLowerCase()))).toBe(false);
    expect(receiver.requests).toHaveLength(1);

    // The bot answers through the mirror: the dialog waits no more and the alert resolves.
    const sent = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 200, text: 'sorry, here I am' }),
    });
    expect(sent.status).toBe(200);
    const [resolved] = await eventually(async () => {
      const list = await alertsOf(bot.id, 'resolved');
      expect(list).toHaveLength(1);
      return list;
    });
    expect(resolved).toMatchObject({ id: opened.id, kind: 'silence', resolved_at: expect.any(String) });
    expect(await alertsOf(bot.id, 'open')).toEqual([]);
    const resolvedMail = await ctx.smtp.waitFor(
      (m) => m.to.includes(owner.email.toLowerCase()) && /снова в порядке/.test(m.subject),
    );
    expect(resolvedMail.subject).toBe(`Botlens: бот «${bot.name}» снова в порядке`);
    await receiver.waitForCount(2);
    expect(JSON.parse(receiver.requests[1].body)).toMatchObject({
      event: 'bot.alert.resolved',
      data: { bot_id: bot.id, alert_id: opened.id, kind: 'silence', resolved_at: resolved.resolved_at },
    });
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect(ctx.smtp.messages.slice(mailsBefore)).toHaveLength(4);
    expect(receiver.requests).toHaveLength(2);
  });

  it('a deactivated bot raises none', async () => {
    const { bot, capture } = await silentBot();
    await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(owner)).send({ active: false }).expect(200);
    await silence(capture);
    // Its twin, active, shows the checks are running meanwhile.
    const twin = await silentBot();
    await silence(twin.capture);
    await eventually(async () => expect(await alertsOf(twin.bot.id, 'open')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    expect(await alertsOf(bot.id, 'open')).toEqual([]);
    expect(await alertsOf(bot.id, 'resolved')).toEqual([]);
  });
});
