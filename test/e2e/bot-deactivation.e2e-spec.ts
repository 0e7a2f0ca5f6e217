import request from 'supertest';
import { Messages } from '../../src/common/messages';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { addTelegramContacts } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('A deactivated bot cannot send (issue 15)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let writeKey: string;
  const auth = () => ({ Authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: '20' });
    owner = await registerUser(ctx);
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
  });
  afterAll(() => ctx.close());

  /** A Telegram bot with these contacts, already ingested. */
  const botWithContacts = async (ids: number[]) => {
    const bound = await bindTelegramBot(ctx, owner.token);
    const capture: CaptureBot = { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await addTelegramContacts(ctx, capture, ids);
    return bound;
  };
  const setActive = (botId: string, active: boolean) =>
    request(ctx.url).patch(`/api/bots/${botId}`).set(auth()).send({ active }).expect(200);
  const broadcastsOf = async (botId: string) =>
    (await request(ctx.url).get(`/api/bots/${botId}/broadcasts`).set(auth()).expect(200)).body.data;

  it('refuses the open send and broadcast, the cabinet reply and a new closed broadcast with 403; reactivated, it sends', async () => {
    const tg = await botWithContacts([555]);
    await setActive(tg.bot.id, false);
    const sendsBefore = ctx.telegram.sentMessages(tg.token).length;

    const attempts = [
      request(ctx.url)
        .post(`/api/v1/bots/${tg.bot.id}/send`)
        .set('X-API-Key', writeKey)
        .send({ userId: '555', text: 'hi' }),
      request(ctx.url).post(`/api/v1/bots/${tg.bot.id}/broadcast`).set('X-API-Key', writeKey).send({ text: 'hi' }),
      request(ctx.url).post(`/api/bots/${tg.bot.id}/dialogs/555/messages`).set(auth()).send({ text: 'hi' }),
      request(ctx.url).post(`/api/bots/${tg.bot.id}/broadcasts`).set(auth()).send({ text: 'hi' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Bot is deactivated' });
    }
    expect(ctx.telegram.sentMessages(tg.token).length).toBe(sendsBefore);
    expect(await broadcastsOf(tg.bot.id)).toEqual([]);

    await setActive(tg.bot.id, true);
    await request(ctx.url)
      .post(`/api/v1/bots/${tg.bot.id}/send`)
      .set('X-API-Key', writeKey)
      .send({ userId: '555', text: 'back' })
      .expect(200);
    expect(ctx.telegram.sentMessages(tg.token).length).toBe(sendsBefore + 1);
  });

  it('checks the input first: a bad request to a deactivated bot is still 400', async () => {
    const tg = await botWithContacts([556]);
    await setActive(tg.bot.id, false);
    const res = await request(ctx.url)
      .post(`/api/v1/bots/${tg.bot.id}/send`)
      .set('X-API-Key', writeKey)
      .send({ userId: '556' })
      .expect(400);
    expect(res.body).toEqual({ message: Messages.userIdAndTextRequired });
  });

  it('stops a running closed broadcast before its next send: cancelled at once, and reactivating resumes nobody', async () => {
    const tg = await botWithContacts(Array.from({ length: 100 }, (_, i) => 4000 + i));
    const created = await request(ctx.url)
      .post(`/api/bots/${tg.bot.id}/broadcasts`)
      .set(auth())
      .send({ text: 'stop me' })
      .expect(201);
    await eventually(() => expect(ctx.telegram.sentMessages(tg.token).length).toBeGreaterThan(5));

    await setActive(tg.bot.id, false);
    const sentAtDeactivation = ctx.telegram.sentMessages(tg.token).length;
    // The change cancels the broadcast in its own transaction.
    const [report] = await broadcastsOf(tg.bot.id);
    expect(report).toMatchObject({ id: created.body.id, status: 'cancelled', finished_at: expect.any(String) });

    await setActive(tg.bot.id, true);
    await pause(1500);
    // At 20 sends a second the old one-second check let some 20 more out; now at most the send already
    // paced when the change committed, and the one on its way to the platform, may still arrive.
    const sent = ctx.telegram.sentMessages(tg.token).length;
    expect(sent - sentAtDeactivation).toBeLessThanOrEqual(2);
    expect(sent).toBeLessThan(100);
    const [after] = await broadcastsOf(tg.bot.id);
    expect(after).toMatchObject({ status: 'cancelled', total_count: 100, sent_count: sent, failed_count: 0 });
  });

  it('ends a waiting open-API broadcast with the counts so far when its bot is deleted; the rest is never sent', async () => {
    const tg = await botWithContacts(Array.from({ length: 60 }, (_, i) => 5000 + i));
    const waiting = request(ctx.url)
      .post(`/api/v1/bots/${tg.bot.id}/broadcast`)
      .set('X-API-Key', writeKey)
      .send({ text: 'everyone' })
      .then((res) => res);
    await eventually(() => expect(ctx.telegram.sentMessages(tg.token).length).toBeGreaterThan(5));
    await request(ctx.url).delete(`/api/bots/${tg.bot.id}`).set(auth()).expect(204);
    const sentAtDeletion = ctx.telegram.sentMessages(tg.token).length;

    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      total_count: 60,
      sent_count: expect.any(Number),
      failed_count: 0,
      created_at: expect.any(String),
    });
    await pause(1000);
    const sent = ctx.telegram.sentMessages(tg.token).length;
    expect(sent - sentAtDeletion).toBeLessThanOrEqual(2);
    // The answer counts what was sent when it ended; a send then on its way may still land after it.
    expect(res.body.sent_count).toBeGreaterThan(5);
    expect(res.body.sent_count).toBeLessThanOrEqual(sent);
    expect(sent).toBeLessThan(60);
    const [row] = (
      await ctx.db.query(
        `SELECT b.status, count(*) FILTER (WHERE r.status = 'sent')::int AS sent FROM broadcasts b
           JOIN broadcast_recipients r ON r.broadcast_id = b.id WHERE b.id = $1 GROUP BY b.status`,
        [res.body.id],
      )
    ).rows;
    expect(row).toEqual({ status: 'cancelled', sent });
  });
});
