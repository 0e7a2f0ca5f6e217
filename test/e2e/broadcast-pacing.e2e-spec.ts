import request from 'supertest';
import { messagesPerChat, telegramBotWithContacts } from './support/broadcast-contacts';
import { issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

/** A small limit keeps the test short: 40 contacts take about 4 seconds. */
const RATE = 10;

// In the serial tier: the fake stamps arrivals on this process's event loop, which other files' load would bunch.
describe('Broadcast pacing (POST /api/v1/bots/{id}/broadcast)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: String(RATE) });
    owner = await registerUser(ctx);
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
  });
  afterAll(() => ctx.close());

  const broadcast = (botId: string, body: unknown) =>
    request(ctx.url)
      .post(`/api/v1/bots/${botId}/broadcast`)
      .set('X-API-Key', writeKey)
      .send(body as object);

  const telegramBotWith = (ids: number[]) => telegramBotWithContacts(ctx, owner, ids);

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it(`paces sends at BROADCAST_RATE_PER_SECOND (${RATE}): never more in any one-second window`, async () => {
    const { bot, token } = await telegramBotWith(range(1000, 40));
    const started = Date.now();
    const res = await broadcast(bot.id, { text: 'paced' }).expect(200);
    const elapsed = Date.now() - started;

    expect(res.body).toMatchObject({ total_count: 40, sent_count: 40, failed_count: 0 });
    expect(ctx.telegram.sendTimestamps.filter((at) => at >= started)).toHaveLength(40);
    expect(ctx.telegram.maxSendsPerSecond(started)).toBeLessThanOrEqual(RATE);
    // 40 sends at 10 per second cannot take less than (40 / 10 − 1) seconds, nor should they take much more.
    expect(elapsed).toBeGreaterThanOrEqual(3000);
    expect(elapsed).toBeLessThan(6500);
    expect(messagesPerChat(ctx.telegram.sentMessages(token)).size).toBe(40);
  });
});
