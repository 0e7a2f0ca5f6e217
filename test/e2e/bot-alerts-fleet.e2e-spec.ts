import request from 'supertest';
import { AlertCheck } from '../../src/bot-health/alert-check';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { CaptureService } from '../../src/ingest/capture.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser } from './support/factories';
import { bearer } from './support/session';
import { startTestApp, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const CHECK_MS = 100;
const unixNow = () => Math.floor(Date.now() / 1000);

/**
 * Issue 27's fleet case: two instances on one database and Redis, both running workers and the 100 ms schedule, and
 * on top of it checks forced on both at once. The silence alert still opens once and resolves once: one row, one mail
 * to the owner each way, one event each way.
 */
describe('Bot alerts across two instances (issue 27)', () => {
  let ctx: TestApp;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Two instances whatever E2E_INSTANCES says: the case is about two evaluating at once.
    ctx = await startTestApp({ HEALTH_CHECK_INTERVAL_MS: String(CHECK_MS) }, { instances: 2 });
    owner = await registerUser(ctx);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  const checkEverywhere = () => Promise.all(ctx.apps.map((app) => app.get(AlertCheck).run()));
  const rows = async (botId: string) =>
    (await ctx.db.query(`SELECT id, resolved_at FROM bot_alerts WHERE bot_id = $1`, [botId])).rows;

  it('opens and resolves the silence alert exactly once', async () => {
    const { bot, token } = await bindTelegramBot(ctx, owner.token);
    const capture: CaptureBot = { id: bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await request(ctx.url)
      .patch(`/api/bots/${bot.id}`)
      .set(bearer(owner))
      .send({ alerts: { silence_minutes: 1 } })
      .expect(200);
    await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events: ['bot.alert.opened', 'bot.alert.resolved'], bot_id: bot.id })
      .expect(201);
    await addTelegramContacts(ctx, capture, [{ id: 100, text: 'hello?', date: unixNow() - 1800 }]);
    await ctx.app.get(CaptureService).outboundResult(capture, 'sendmessage', null, {
      message_id: 1,
      chat: { id: 100, type: 'private' },
      date: unixNow() - 1790,
      text: 'hi!',
    });
    const mailsBefore = ctx.smtp.messages.length;
    await addTelegramContacts(
      ctx,
      capture,
      ['one', 'two', 'three'].map((text) => ({ id: 200, text, date: unixNow() - 120 })),
    );

    for (let i = 0; i < 5; i++) await checkEverywhere();
    await eventually(async () => expect(await rows(bot.id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 5));
    expect(await rows(bot.id)).toEqual([{ id: expect.any(String), resolved_at: null }]);
    await receiver.waitForCount(1);

    const sent = await fetch(`${ctx.url}/tg/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 200, text: 'back' }),
    });
    expect(sent.status).toBe(200);
    await eventually(async () => expect((await rows(bot.id))[0].resolved_at).not.toBeNull());
    for (let i = 0; i < 5; i++) await checkEverywhere();
    await receiver.waitForCount(2);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 5));

    expect(await rows(bot.id)).toHaveLength(1);
    expect(receiver.requests.map((r) => JSON.parse(r.body).event)).toEqual(['bot.alert.opened', 'bot.alert.resolved']);
    const mails = ctx.smtp.messages.slice(mailsBefore).filter((m) => m.to.includes(owner.email.toLowerCase()));
    expect(mails.map((m) => m.subject)).toEqual([
      `Botlens: проблема с ботом «${bot.name}»`,
      `Botlens: бот «${bot.name}» снова в порядке`,
    ]);
  });
});
