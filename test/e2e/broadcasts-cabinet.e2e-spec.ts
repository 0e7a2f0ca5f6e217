import { createHash } from 'node:crypto';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import type { CaptureBot } from '../../src/ingest/capture.service';
import type { TgPhotoSize } from '../fakes';
import { addMaxContacts, addTelegramContacts, messagesPerChat } from './support/broadcast-contacts';
import { eventually } from './support/eventually';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n fake photo bytes');

describe('Closed broadcasts (session API: /api/bots/:id/broadcasts): input, files, schedules, cancel, report', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let tg: { bot: { id: string }; token: string; capture: CaptureBot };

  /** Contacts 21 and 22 speak English, 23 Russian; segments by language pick them apart. */
  beforeAll(async () => {
    ctx = await startTestApp({ BROADCAST_RATE_PER_SECOND: '50' });
    owner = await registerUser(ctx);
    const bound = await bindTelegramBot(ctx, owner.token);
    tg = { ...bound, capture: { id: bound.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' } };
    await addTelegramContacts(ctx, tg.capture, [
      { id: 21, language_code: 'en' },
      { id: 22, language_code: 'en' },
      { id: 23, language_code: 'ru' },
    ]);
  });
  afterAll(() => ctx.close());

  const create = (fields: Record<string, string>, file?: { bytes: Buffer; name: string }, botId = tg.bot.id) => {
    const req = request(ctx.url).post(`/api/bots/${botId}/broadcasts`).set(bearer(owner));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (file) req.attach('file', file.bytes, file.name);
    return req;
  };
  const listOf = async (botId = tg.bot.id) =>
    (await request(ctx.url).get(`/api/bots/${botId}/broadcasts`).set(bearer(owner)).expect(200)).body.data;
  const finished = (id: string, botId = tg.bot.id) =>
    eventually(async () => {
      const found = (await listOf(botId)).find((b: { id: string }) => b.id === id);
      expect(found.status).toBe('done');
      return found;
    }, 15_000);
  /** Messages per chat the bot got on the fake since `from` (an index into its sent messages). */
  const sentTo = (token: string, from: number) => messagesPerChat(ctx.telegram.sentMessages(token).slice(from));
  const sentCount = () => ctx.telegram.sentMessages(tg.token).length;

  describe('POST .../broadcasts refuses bad input', () => {
    const future = () => new Date(Date.now() + 60_000).toISOString();
    it.each([
      ['an unknown kind', { text: 'hi', kind: 'video' }, true, Messages.broadcastKindInvalid],
      ['a file without a kind', { text: 'hi' }, true, Messages.broadcastKindInvalid],
      ['a kind without a file', { text: 'hi', kind: 'photo' }, false, Messages.broadcastKindNeedsFile],
      ['an unknown platform', { text: 'hi', platform: 'viber' }, false, Messages.broadcastPlatformInvalid],
      ['a segment that is not JSON', { text: 'hi', segment: 'source=vk' }, false, Messages.broadcastSegmentNotObject],
      [
        'an unknown segment field',
        { text: 'hi', segment: '{"utm":"vk"}' },
        false,
        Messages.broadcastSegmentUnknownField('utm'),
      ],
      ['a send_at that is not a time', { text: 'hi', send_at: 'tomorrow' }, false, Messages.broadcastSendAtInvalid],
      [
        'a send_at without a time zone',
        { text: 'hi', send_at: future().replace('Z', '') },
        false,
        Messages.broadcastSendAtInvalid,
      ],
      [
        'a send_at in the past',
        { text: 'hi', send_at: new Date(Date.now() - 1000).toISOString() },
        false,
        Messages.broadcastSendAtInvalid,
      ],
      ['no text and no file', { platform: 'all' }, false, Messages.textRequired],
      ['an empty text and no file', { text: '  ' }, false, Messages.textRequired],
      ['4001 characters', { text: 'x'.repeat(4001) }, false, Messages.textTooLong],
      [
        'a Telegram caption over 1024 characters',
        { text: 'x'.repeat(1025), kind: 'photo' },
        true,
        Messages.broadcastCaptionTooLong,
      ],
    ])('400 for %s', async (_, fields, withFile, message) => {
      const res = await create(fields, withFile ? { bytes: PHOTO, name: 'a.png' } : undefined).expect(400);
      expect(res.body).toEqual({ message });
    });

    it('413 for a file over 50 MB', async () => {
      const res = await create(
        { text: 'big', kind: 'file' },
        { bytes: Buffer.alloc(50 * 1024 * 1024 + 1), name: 'big.bin' },
      ).expect(413);
      expect(res.body).toEqual({ message: Messages.broadcastFileTooLarge });
    });

    it('400 "Broadcast requires bot token" for an analytics-only bot; 404 for an unknown bot', async () => {
      const bare = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'telegram', name: 'stats' })
        .expect(201);
      expect((await create({ text: 'hi' }, undefined, bare.body.id).expect(400)).body).toEqual({
        message: Messages.broadcastNeedsToken,
      });
      expect(
        (await create({ text: 'hi' }, undefined, '00000000-0000-0000-0000-000000000000').expect(404)).body,
      ).toEqual({ message: Messages.botNotFound });
    });
  });

  it("a platform other than the bot's selects no one", async () => {
    const res = await create({ text: 'only max', platform: 'max' }).expect(201);
    expect(res.body).toMatchObject({ platform: 'max', total_count: 0 });
    expect(await finished(res.body.id)).toMatchObject({ total_count: 0, sent_count: 0, failed_count: 0 });
  });

  it('uploads a photo to Telegram once and sends it to everyone else by file_id, with the text as caption', async () => {
    const since = sentCount();
    const callsBefore = ctx.telegram.callsOf('sendPhoto').length;
    const res = await create(
      { text: 'Новинка', kind: 'photo', segment: '{"language_code":"en"}' },
      { bytes: PHOTO, name: 'new.png' },
    ).expect(201);
    expect(res.body).toMatchObject({ kind: 'photo', total_count: 2 });
    await finished(res.body.id);

    const [first, second] = ctx.telegram.callsOf('sendPhoto').slice(callsBefore);
    expect(first.files).toEqual([
      expect.objectContaining({ field: 'photo', filename: 'new.png', sha256: sha256(PHOTO) }),
    ]);
    expect(first.params).toMatchObject({ caption: 'Новинка' });
    const firstSent = ctx.telegram.sentMessages(tg.token).find((m) => m.chat.id === Number(first.params.chat_id))!;
    const fileId = (firstSent.photo as TgPhotoSize[]).at(-1)!.file_id;
    expect(second.files).toEqual([]);
    expect(second.params).toMatchObject({ photo: fileId, caption: 'Новинка' });
    expect(sentTo(tg.token, since)).toEqual(
      new Map([
        ['21', 1],
        ['22', 1],
      ]),
    );
    const stored = await ctx.db.query(
      `SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out' AND text = 'Новинка'`,
      [tg.bot.id],
    );
    expect(stored.rows[0].n).toBe(2);
  });

  it.each([
    ['audio', 'sendAudio', 'audio'],
    ['file', 'sendDocument', 'document'],
  ])('sends kind %s with Telegram %s', async (kind, method, field) => {
    const bytes = Buffer.from(`${kind} bytes`);
    const res = await create(
      { text: '', kind, segment: '{"language_code":"ru"}' },
      { bytes, name: `x.${kind}` },
    ).expect(201);
    await finished(res.body.id);
    const call = ctx.telegram.callsOf(method).at(-1)!;
    expect(call.params.chat_id).toBe('23');
    expect(call.files).toEqual([expect.objectContaining({ field, sha256: sha256(bytes) })]);
  });

  it.each([
    ['file', 'file'],
    ['photo', 'image'],
    ['audio', 'audio'],
  ])(
    'on MAX uploads the %s once (POST /uploads?type=%s, then the bytes) and attaches its token to every message',
    async (kind, type) => {
      const max = await bindMaxBot(ctx, owner.token);
      await addMaxContacts(
        ctx,
        { id: max.bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' },
        [8001, 8002],
      );
      const bytes = Buffer.from(`${kind}: price list`);
      const res = await create(
        { text: 'Прайс', kind, platform: 'max' },
        { bytes, name: `price.${kind}` },
        max.bot.id,
      ).expect(201);
      expect(res.body).toMatchObject({ total_count: 2, platform: 'max', kind });
      await finished(res.body.id, max.bot.id);

      expect(
        ctx.max
          .callsOf('POST', '/uploads')
          .filter((c) => c.token === max.token)
          .map((c) => c.query.type),
      ).toEqual([type]);
      const upload = ctx.max.uploads.all.at(-1)!;
      expect(upload).toMatchObject({ type, file: { field: 'data', sha256: sha256(bytes) } });
      const sent = ctx.max.sentMessages(max.token);
      expect(messagesPerChat(sent)).toEqual(
        new Map([
          ['8001', 1],
          ['8002', 1],
        ]),
      );
      for (const message of sent) {
        expect(message.body).toMatchObject({
          text: 'Прайс',
          attachments: [{ type, payload: { token: upload.token } }],
        });
      }
      const stored = await ctx.db.query(
        `SELECT count(*)::int AS n FROM messages WHERE bot_id = $1 AND direction = 'out' AND text = 'Прайс'`,
        [max.bot.id],
      );
      expect(stored.rows[0].n).toBe(2);
    },
  );

  it('schedules with send_at: nothing goes out before it; recipients are chosen when it starts', async () => {
    const since = sentCount();
    const sendAt = new Date(Date.now() + 3000);
    const res = await create({
      text: 'Напоминание',
      send_at: sendAt.toISOString(),
      segment: '{"language_code":"de"}',
    }).expect(201);
    expect(res.body).toMatchObject({ status: 'scheduled', total_count: 0, send_at: sendAt.toISOString() });
    // A contact that arrives after scheduling is still in the audience.
    await addTelegramContacts(ctx, tg.capture, [{ id: 24, language_code: 'de' }]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await listOf()).find((b: { id: string }) => b.id === res.body.id)).toMatchObject({ status: 'scheduled' });
    expect(sentTo(tg.token, since).get('24')).toBeUndefined();

    const done = await finished(res.body.id);
    expect(done).toMatchObject({ total_count: 1, sent_count: 1 });
    expect(new Date(done.started_at).getTime()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect(sentTo(tg.token, since)).toEqual(new Map([['24', 1]]));
  });

  it('cancels a scheduled broadcast: it never goes out; cancelling again is 409, an unknown one 404', async () => {
    const since = sentCount();
    const res = await create({ text: 'Отменено', send_at: new Date(Date.now() + 1500).toISOString() }).expect(201);
    const cancelled = await request(ctx.url)
      .post(`/api/bots/${tg.bot.id}/broadcasts/${res.body.id}/cancel`)
      .set(bearer(owner))
      .expect(200);
    expect(cancelled.body).toMatchObject({ id: res.body.id, status: 'cancelled', finished_at: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await listOf()).find((b: { id: string }) => b.id === res.body.id)).toMatchObject({
      status: 'cancelled',
      sent_count: 0,
    });
    expect(ctx.telegram.sentMessages(tg.token).slice(since)).toEqual([]);

    const again = await request(ctx.url)
      .post(`/api/bots/${tg.bot.id}/broadcasts/${res.body.id}/cancel`)
      .set(bearer(owner))
      .expect(409);
    expect(again.body).toEqual({ message: Messages.broadcastAlreadyFinished });
    const unknown = await request(ctx.url)
      .post(`/api/bots/${tg.bot.id}/broadcasts/00000000-0000-0000-0000-000000000000/cancel`)
      .set(bearer(owner))
      .expect(404);
    expect(unknown.body).toEqual({ message: Messages.broadcastNotFound });
  });

  it('cancels a running broadcast between two sends: whoever was not reached yet never gets it', async () => {
    const busy = await bindTelegramBot(ctx, owner.token);
    await addTelegramContacts(
      ctx,
      { id: busy.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' },
      Array.from({ length: 150 }, (_, i) => 3000 + i),
    );
    const res = await create({ text: 'stop me' }, undefined, busy.bot.id).expect(201);
    await eventually(() => expect(ctx.telegram.sentMessages(busy.token).length).toBeGreaterThan(10));
    await request(ctx.url)
      .post(`/api/bots/${busy.bot.id}/broadcasts/${res.body.id}/cancel`)
      .set(bearer(owner))
      .expect(200);

    // The runner notices within a second and waits for its sends in flight.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sentAfterCancel = ctx.telegram.sentMessages(busy.token).length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ctx.telegram.sentMessages(busy.token).length).toBe(sentAfterCancel);
    expect(sentAfterCancel).toBeLessThan(150);
    const [report] = await listOf(busy.bot.id);
    expect(report).toMatchObject({
      status: 'cancelled',
      total_count: 150,
      sent_count: sentAfterCancel,
      failed_count: 0,
    });
  });

  it('GET .../broadcasts lists every broadcast of the bot, newest first, with counts, status and timing', async () => {
    const list = await listOf();
    expect(list.length).toBeGreaterThanOrEqual(5);
    const created = list.map((b: { created_at: string }) => new Date(b.created_at).getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(Object.keys(list[0]).sort()).toEqual([
      'created_at',
      'error',
      'failed_count',
      'finished_at',
      'id',
      'kind',
      'outcomes',
      'platform',
      'revenue',
      'segment',
      'send_at',
      'sent_count',
      'started_at',
      'status',
      'test_share',
      'text',
      'total_count',
      'track_links',
      'variants',
      'winner',
      'winner_after_minutes',
      'winner_chosen_at',
      'winner_metric',
    ]);
    const stranger = await registerUser(ctx);
    await request(ctx.url).get(`/api/bots/${tg.bot.id}/broadcasts`).set(bearer(stranger)).expect(404);
  });
});
