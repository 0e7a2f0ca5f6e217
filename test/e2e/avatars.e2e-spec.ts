import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { AVATAR_LINK_EXPIRY_STEP_SECONDS, AVATAR_LINK_TTL_SECONDS, AvatarLinks } from '../../src/avatars/avatar-links';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { bindMaxBot, bindTelegramBot, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a profile photo')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a max avatar')]);
const now = Math.floor(Date.now() / 1000);
let updateId = 0;
const tgMessage = (userId: number, text = 'hi') => {
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: { id: userId, is_bot: false, first_name: 'U' },
      chat: { id: userId, type: 'private' },
      date: now,
      text,
    },
  };
};

/** Receives the image bytes of a binary answer (supertest buffers only known types by default). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  // In Node, superagent hands the parser the raw response stream.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('Avatars (GET /api/avatars/contact/:botId/:externalUserId)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let token: string;
  let capture: CaptureService;
  let imageHost: Server;
  const avatar = (bot: string, user: string | number) =>
    request(ctx.url).get(`/api/avatars/contact/${bot}/${user}`).buffer(true).parse(binary);
  const photoCalls = () => ctx.telegram.callsOf('getUserProfilePhotos').filter((call) => call.token === token);

  beforeAll(async () => {
    ctx = await startTestApp();
    capture = ctx.app.get(CaptureService);
    owner = await registerUser(ctx);
    ({
      token,
      bot: { id: botId },
    } = await bindTelegramBot(ctx, owner.token));
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await capture.inboundUpdates(bot, [tgMessage(501), tgMessage(502)]);
    ctx.telegram.addProfilePhoto(token, 501, JPEG);
    imageHost = createServer((req, res) => {
      res.writeHead(req.url === '/full.png' ? 200 : 404, { 'content-type': 'image/png' });
      res.end(req.url === '/full.png' ? PNG : undefined);
    });
    await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => imageHost.close(resolve));
    await ctx.close();
  });

  it('serves the largest profile photo with its type and Cache-Control, then from the cache', async () => {
    const first = await avatar(botId, 501).set(bearer(owner)).expect(200);
    expect(Buffer.compare(first.body as Buffer, JPEG)).toBe(0);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('private, max-age=3600');
    expect(ctx.telegram.callsOf('getFile').filter((call) => call.token === token)).toHaveLength(1);

    const second = await avatar(botId, 501).set(bearer(owner)).expect(200);
    expect(Buffer.compare(second.body as Buffer, JPEG)).toBe(0);
    expect(second.headers['cache-control']).toBe('private, max-age=3600');
    expect(photoCalls()).toHaveLength(1);
  });

  it('answers 404 when the contact has no photo, and remembers that too', async () => {
    const before = photoCalls().length;
    for (let i = 0; i < 2; i++) {
      const res = await request(ctx.url).get(`/api/avatars/contact/${botId}/502`).set(bearer(owner)).expect(404);
      expect(res.body).toEqual({ message: Messages.avatarNotFound });
    }
    expect(photoCalls()).toHaveLength(before + 1);
  });

  it("answers 404 for an unknown contact, a bot without token and another user's bot; 401 without credentials", async () => {
    const unknown = await request(ctx.url).get(`/api/avatars/contact/${botId}/999`).set(bearer(owner)).expect(404);
    expect(unknown.body).toEqual({ message: Messages.contactNotFound });

    const tokenless = await request(ctx.url)
      .post('/api/bots')
      .set(bearer(owner))
      .send({ platform: 'telegram', name: 'Analytics only' })
      .expect(201);
    await capture.inboundUpdates(
      { id: tokenless.body.id, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' },
      [tgMessage(501)],
    );
    const noToken = await request(ctx.url)
      .get(`/api/avatars/contact/${tokenless.body.id}/501`)
      .set(bearer(owner))
      .expect(404);
    expect(noToken.body).toEqual({ message: Messages.avatarNeedsToken });

    const stranger = await registerUser(ctx);
    const theirs = await request(ctx.url).get(`/api/avatars/contact/${botId}/501`).set(bearer(stranger)).expect(404);
    expect(theirs.body).toEqual({ message: Messages.botNotFound });

    const anonymous = await request(ctx.url).get(`/api/avatars/contact/${botId}/501`).expect(401);
    expect(anonymous.body).toEqual({ message: Messages.sessionRequired });
  });

  it('serves a signed link without the session header until it expires; a changed one is refused', async () => {
    const links = ctx.app.get(AvatarLinks);

    const signed = await request(ctx.url).get(links.path(botId, '501')).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(signed.body as Buffer, JPEG)).toBe(0);
    expect(links.url(botId, '501')).toMatch(
      new RegExp(`^https://botlens\\.test/api/avatars/contact/${botId}/501\\?expires=\\d+&signature=`),
    );

    const forOther = links.path(botId, '501').replace('/501?', '/502?');
    expect((await request(ctx.url).get(forOther).expect(401)).body).toEqual({ message: Messages.avatarLinkInvalid });
    const expired = links.path(
      botId,
      '501',
      Date.now() - (AVATAR_LINK_TTL_SECONDS + AVATAR_LINK_EXPIRY_STEP_SECONDS + 1) * 1000,
    );
    expect((await request(ctx.url).get(expired).expect(401)).body).toEqual({ message: Messages.avatarLinkInvalid });
  });

  it('answers 502 with the platform answer when Telegram fails', async () => {
    ctx.telegram.failNext('getUserProfilePhotos', { error_code: 500, description: 'Internal Server Error' });
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    await capture.inboundUpdates(bot, [tgMessage(503)]);
    const res = await request(ctx.url).get(`/api/avatars/contact/${botId}/503`).set(bearer(owner)).expect(502);
    expect(res.body).toEqual({
      message: 'telegram 500',
      provider: { ok: false, error_code: 500, description: 'Internal Server Error' },
    });
  });

  it("serves a MAX user's avatar from their dialog (GET /chats/{chat_id})", async () => {
    const max = await bindMaxBot(ctx, owner.token);
    const { port } = imageHost.address() as AddressInfo;
    ctx.max.addUser(
      max.token,
      {
        user_id: 7001,
        name: 'Maxim',
        avatar_url: `http://127.0.0.1:${port}/small.png`,
        full_avatar_url: `http://127.0.0.1:${port}/full.png`,
      },
      880001,
    );
    const update = ctx.max.messageCreated(max.token, { sender: { user_id: 7001, name: 'Maxim' }, text: 'привет' });
    await capture.inboundUpdates({ id: max.bot.id, userId: owner.user.id, platform: 'max', utmKey: 'utm_source' }, [
      update,
    ]);

    const res = await avatar(max.bot.id, 7001).set(bearer(owner)).expect(200);
    expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
    expect(res.headers['content-type']).toBe('image/png');
    expect(ctx.max.callsOf('GET', '/chats/880001')).toHaveLength(1);
  });
});
