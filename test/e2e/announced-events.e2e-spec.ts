import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { ReceivedRequest, WebhookReceiver } from './support/webhook-receiver';
import { bearer } from './support/session';

const now = Math.floor(Date.now() / 1000);
let updateId = 1;
const tgMessage = (userId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId++,
    from: { id: userId, is_bot: false, first_name: 'Ann' },
    chat: { id: userId, type: 'private' },
    date: now,
    text,
  },
});

function signatureIsValid(secret: string, body: string, header: unknown): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(typeof header === 'string' ? header : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('The announced events: intent.matched, funnel.step_passed, broadcast.completed', () => {
  let ctx: TestApp;
  let receiver: WebhookReceiver;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let secret: string;
  let subscriptionId: string;
  let capture: (updates: unknown[]) => Promise<void>;

  beforeAll(async () => {
    ctx = await startTestApp();
    receiver = await WebhookReceiver.start();
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    capture = (updates) => ctx.app.get(CaptureService).inboundUpdates(bot, updates);
  });
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  /** The deliveries of `event` so far, each checked for a valid signature, as their `data`. */
  const delivered = (event: string) =>
    receiver.requests
      .filter((r: ReceivedRequest) => r.headers['x-webhook-event'] === event)
      .map((r) => {
        expect(signatureIsValid(secret, r.body, r.headers['x-webhook-signature'])).toBe(true);
        expect(new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).toEqual(JSON.parse(r.body));
        const envelope = JSON.parse(r.body);
        expect(envelope).toEqual({
          event,
          delivered_at: expect.any(String),
          subscription_id: subscriptionId,
          data: expect.any(Object),
        });
        return envelope.data;
      });

  it('lets a subscription select the three events', async () => {
    const events = ['intent.matched', 'broadcast.completed', 'funnel.step_passed'];
    const created = await request(ctx.url)
      .post('/api/me/webhooks')
      .set(bearer(owner))
      .send({ url: receiver.url, events })
      .expect(201);
    expect(created.body).toMatchObject({ events, bot_id: null, active: true });
    secret = created.body.secret;
    subscriptionId = created.body.id;
  });

  it('sends intent.matched per matched intent and funnel.step_passed when a contact first reaches a stage', async () => {
    const intent = await request(ctx.url)
      .post(`/api/bots/${botId}/intents`)
      .set(bearer(owner))
      .send({ name: 'delivery', keywords: ['доставка'], patterns: [] })
      .expect(201);
    await request(ctx.url)
      .put(`/api/bots/${botId}/funnel/config`)
      .set(bearer(owner))
      .send({
        stages: [
          { name: 'Старт', type: 'command', value: '/start' },
          { name: 'Спросил о доставке', type: 'intent', value: 'delivery' },
        ],
      })
      .expect(200);
    await eventually(async () => {
      const res = await request(ctx.url).get(`/api/bots/${botId}/funnel`).set(bearer(owner)).expect(200);
      expect(res.body.computing).toBe(false);
    });

    await capture([tgMessage(77, '/start')]);
    await capture([tgMessage(77, 'Где моя доставка?')]);
    await capture([tgMessage(77, '/start'), tgMessage(77, 'доставка опять')]);
    await eventually(() => {
      expect(delivered('intent.matched')).toHaveLength(2);
      expect(delivered('funnel.step_passed')).toHaveLength(2);
    });
    const {
      rows: [first],
    } = await ctx.db.query(`SELECT id FROM messages WHERE bot_id = $1 AND text = 'Где моя доставка?'`, [botId]);
    const {
      rows: [second],
    } = await ctx.db.query(`SELECT id FROM messages WHERE bot_id = $1 AND text = 'доставка опять'`, [botId]);
    expect(delivered('intent.matched')).toEqual(
      expect.arrayContaining([
        {
          intent_id: intent.body.id,
          intent_name: 'delivery',
          message_id: first.id,
          bot_id: botId,
          external_user_id: '77',
          text: 'Где моя доставка?',
        },
        {
          intent_id: intent.body.id,
          intent_name: 'delivery',
          message_id: second.id,
          bot_id: botId,
          external_user_id: '77',
          text: 'доставка опять',
        },
      ]),
    );
    // Reaching a stage again sends nothing: only the first time counts. Stages reached in one funnel batch are
    // delivered in parallel, so they may arrive in either order.
    const steps = delivered('funnel.step_passed') as Array<{ stage_index: number }>;
    expect([...steps].sort((a, b) => a.stage_index - b.stage_index)).toEqual([
      { bot_id: botId, external_user_id: '77', stage_index: 0, stage_name: 'Старт' },
      { bot_id: botId, external_user_id: '77', stage_index: 1, stage_name: 'Спросил о доставке' },
    ]);
  });

  it('sends broadcast.completed once when a broadcast ends', async () => {
    const key = (await issueKey(ctx, owner.token, ['write'])).key;
    const res = await request(ctx.url)
      .post(`/api/v1/bots/${botId}/broadcast`)
      .set('X-API-Key', key)
      .send({ text: 'Новости' })
      .expect(200);
    await eventually(() => expect(delivered('broadcast.completed')).toHaveLength(1));
    expect(delivered('broadcast.completed')).toEqual([
      { broadcast_id: res.body.id, bot_id: botId, status: 'done', total_count: 1, sent_count: 1, failed_count: 0 },
    ]);
  });

  it('logs each delivery like the other events', async () => {
    await eventually(async () => {
      const log = await request(ctx.url)
        .get(`/api/me/webhooks/${subscriptionId}/deliveries`)
        .set(bearer(owner))
        .expect(200);
      const events = (log.body as Array<{ event: string; status_code: number }>).map(
        (d) => `${d.event} ${d.status_code}`,
      );
      expect(events.sort()).toEqual(
        [
          'broadcast.completed 200',
          'funnel.step_passed 200',
          'funnel.step_passed 200',
          'intent.matched 200',
          'intent.matched 200',
        ].sort(),
      );
    });
  });
});
