import { createHash } from 'node:crypto';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import type { TgPhotoSize } from '../fakes';
import { addMaxContacts, addTelegramContacts } from './support/broadcast-contacts';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a reply photo');

describe('A live dialog reply with a file (POST /api/bots/:id/dialogs/:userId/messages, multipart)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let tg: { bot: { id: string }; token: string };

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    tg = await bindTelegramBot(ctx, owner.token);
    await addTelegramContacts(
      ctx,
      { id: tg.bot.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' },
      [31],
    );
  });
  afterAll(() => ctx.close());

  const reply = (
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string },
    botId = tg.bot.id,
    userId = '31',
  ) => {
    const req = request(ctx.url).post(`/api/bots/${botId}/dialogs/${userId}/messages`).set(bearer(owner));
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (file) req.attach('file', file.bytes, file.name);
    return req;
  };
  const storedOut = async (id: string) =>
    (await ctx.db.query(`SELECT direction, text, external_user_id FROM messages WHERE id = $1`, [id])).rows;

  it('sends a photo with its caption through Telegram sendPhoto and stores the out message with the caption as text', async () => {
    const res = await reply({ kind: 'photo', text: 'Вот наш каталог' }, { bytes: PHOTO, name: 'catalog.png' }).expect(
      201,
    );
    expect(res.body).toEqual({
      ok: true,
      id: expect.any(String),
      direction: 'out',
      text: 'Вот наш каталог',
      created_at: expect.any(String),
      provider: { ok: true, result: expect.objectContaining({ caption: 'Вот наш каталог', photo: expect.any(Array) }) },
    });
    const call = ctx.telegram.callsOf('sendPhoto').at(-1)!;
    expect(call.params).toMatchObject({ chat_id: '31', caption: 'Вот наш каталог' });
    expect(call.files).toEqual([
      expect.objectContaining({ field: 'photo', filename: 'catalog.png', sha256: sha256(PHOTO) }),
    ]);
    const sent = ctx.telegram.sentMessages(tg.token).at(-1)!;
    expect((sent.photo as TgPhotoSize[]).length).toBeGreaterThan(0);
    expect(await storedOut(res.body.id)).toEqual([
      { direction: 'out', text: 'Вот наш каталог', external_user_id: '31' },
    ]);
  });

  it('sends a document (kind file) without a caption through sendDocument', async () => {
    const bytes = Buffer.from('%PDF-1.4 price list');
    const res = await reply({ kind: 'file' }, { bytes, name: 'price.pdf' }).expect(201);
    expect(res.body).toMatchObject({ ok: true, direction: 'out', text: '' });
    const call = ctx.telegram.callsOf('sendDocument').at(-1)!;
    expect(call.params.chat_id).toBe('31');
    expect(call.params.caption).toBeUndefined();
    expect(call.files).toEqual([
      expect.objectContaining({ field: 'document', filename: 'price.pdf', sha256: sha256(bytes) }),
    ]);
    // Stored without text, like any captionless file; reads show it as "".
    expect(await storedOut(res.body.id)).toEqual([{ direction: 'out', text: null, external_user_id: '31' }]);
  });

  it('a multipart reply without a file is a text reply, under the same rules', async () => {
    const res = await reply({ text: 'Просто текст' }).expect(201);
    expect(res.body).toMatchObject({ text: 'Просто текст', direction: 'out' });
    expect(ctx.telegram.callsOf('sendMessage').at(-1)!.params).toMatchObject({ chat_id: '31', text: 'Просто текст' });
    expect((await reply({ text: ' ' }).expect(400)).body).toEqual({ message: Messages.userIdAndTextRequired });
  });

  describe("refuses bad input with the closed broadcast's messages, sending nothing", () => {
    it.each([
      ['an unknown kind', { kind: 'video' }, true, Messages.broadcastKindInvalid],
      ['a file without a kind', { text: 'hi' }, true, Messages.broadcastKindInvalid],
      ['a kind without a file', { text: 'hi', kind: 'photo' }, false, Messages.broadcastKindNeedsFile],
      ['a caption over 4000 characters', { text: 'x'.repeat(4001), kind: 'photo' }, true, Messages.textTooLong],
      [
        'a Telegram caption over 1024 characters',
        { text: 'x'.repeat(1025), kind: 'photo' },
        true,
        Messages.broadcastCaptionTooLong,
      ],
    ])('400 for %s', async (_, fields, withFile, message) => {
      const callsBefore = ctx.telegram.calls.length;
      const res = await reply(fields, withFile ? { bytes: PHOTO, name: 'a.png' } : undefined).expect(400);
      expect(res.body).toEqual({ message });
      expect(ctx.telegram.calls.length).toBe(callsBefore);
    });

    it('413 "file too large (max 50 MB)" for a file over 50 MB', async () => {
      const res = await reply({ kind: 'file' }, { bytes: Buffer.alloc(50 * 1024 * 1024 + 1), name: 'big.bin' }).expect(
        413,
      );
      expect(res.body).toEqual({ message: Messages.broadcastFileTooLarge });
    });

    it('400 "Personal send requires bot token" for an analytics-only bot; 404 for a stranger and an unknown bot', async () => {
      const bare = await request(ctx.url)
        .post('/api/bots')
        .set(bearer(owner))
        .send({ platform: 'telegram', name: 'stats' })
        .expect(201);
      expect((await reply({ kind: 'photo' }, { bytes: PHOTO, name: 'a.png' }, bare.body.id).expect(400)).body).toEqual({
        message: Messages.sendNeedsToken,
      });
      expect(
        (await reply({ kind: 'photo' }, { bytes: PHOTO, name: 'a.png' }, tg.bot.id, '404404').expect(404)).body,
      ).toEqual({ message: Messages.contactNotFound });
      const unknownBot = '00000000-0000-0000-0000-000000000000';
      expect((await reply({ kind: 'photo' }, { bytes: PHOTO, name: 'a.png' }, unknownBot).expect(404)).body).toEqual({
        message: Messages.botNotFound,
      });
    });
  });

  it('a platform refusal is 502 "Provider send failed" with its answer, and a 403 marks the contact blocked', async () => {
    ctx.telegram.blockUser(tg.token, 31);
    const res = await reply({ kind: 'photo', text: 'hi' }, { bytes: PHOTO, name: 'a.png' }).expect(502);
    expect(res.body).toEqual({
      message: Messages.providerSendFailed,
      provider: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    const contact = await ctx.db.query(
      `SELECT blocked_at FROM contacts WHERE bot_id = $1 AND external_user_id = '31'`,
      [tg.bot.id],
    );
    expect(contact.rows[0].blocked_at).not.toBeNull();
    ctx.telegram.unblockUser(tg.token, 31);
  });

  it('on MAX uploads the photo (POST /uploads?type=image, then the bytes) and attaches its token, retrying while MAX says attachment.not.ready', async () => {
    const max = await bindMaxBot(ctx, owner.token);
    await addMaxContacts(ctx, { id: max.bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' }, [8101]);
    ctx.max.failNext('POST /messages', {
      status: 400,
      body: { code: 'attachment.not.ready', message: 'Key: errors.process.attachment.file.not.processed' },
    });
    const res = await reply(
      { kind: 'photo', text: 'Фото' },
      { bytes: PHOTO, name: 'p.png' },
      max.bot.id,
      '8101',
    ).expect(201);
    expect(res.body).toMatchObject({ ok: true, text: 'Фото', direction: 'out' });

    expect(
      ctx.max
        .callsOf('POST', '/uploads')
        .filter((c) => c.token === max.token)
        .map((c) => c.query.type),
    ).toEqual(['image']);
    const upload = ctx.max.uploads.all.at(-1)!;
    expect(upload).toMatchObject({ type: 'image', file: { field: 'data', sha256: sha256(PHOTO) } });
    const sends = ctx.max.callsOf('POST', '/messages').filter((c) => c.token === max.token);
    expect(sends).toHaveLength(2);
    for (const call of sends) {
      expect(call.query).toMatchObject({ user_id: '8101' });
      expect(call.body).toEqual({ text: 'Фото', attachments: [{ type: 'image', payload: { token: upload.token } }] });
    }
    expect(await storedOut(res.body.id)).toEqual([{ direction: 'out', text: 'Фото', external_user_id: '8101' }]);
  });
});
