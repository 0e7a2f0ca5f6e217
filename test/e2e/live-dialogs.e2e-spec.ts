import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, login, registerUser } from './support/factories';
import { addMember, upgradeToBusiness } from './support/team';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const now = Math.floor(Date.now() / 1000);
let updateId = 0;
const tgMessage = (userId: number, text: string) => {
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

interface Client {
  socket: Socket;
  updates: unknown[];
}

describe('Live dialogs (socket.io at /api/ws)', () => {
  let ctx: TestApp;
  let capture: CaptureService;
  let owner: { email: string; password: string; token: string; user: { id: string } };
  let stranger: { token: string; user: { id: string } };
  let ownerBot: CaptureBot;
  let strangerBot: CaptureBot;
  const open: Socket[] = [];

  const connect = (options: { token?: string; query?: Record<string, string> }): Socket => {
    const socket = io(ctx.url, {
      path: '/api/ws',
      transports: ['websocket'],
      reconnection: false,
      auth: options.token === undefined ? {} : { token: options.token },
      query: options.query,
    });
    open.push(socket);
    return socket;
  };
  const signedIn = async (options: { token?: string; query?: Record<string, string> }): Promise<Client> => {
    const socket = connect(options);
    const updates: unknown[] = [];
    socket.on('dialog.updated', (update) => updates.push(update));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, updates };
  };
  const refusal = (socket: Socket) =>
    new Promise<Error>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', resolve);
    });

  beforeAll(async () => {
    ctx = await startTestApp({ LIVE_SESSION_CHECK_MS: '200' });
    capture = ctx.app.get(CaptureService);
    owner = await registerUser(ctx);
    stranger = await registerUser(ctx);
    ownerBot = {
      id: (await bindTelegramBot(ctx, owner.token)).bot.id,
      userId: owner.user.id,
      platform: 'telegram',
      utmKey: 'utm_source',
    };
    strangerBot = {
      id: (await bindTelegramBot(ctx, stranger.token)).bot.id,
      userId: stranger.user.id,
      platform: 'telegram',
      utmKey: 'utm_source',
    };
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await ctx.close();
  });

  it("pushes dialog.updated to every socket of the owner for the bot's inbound and outbound messages, and to no one else", async () => {
    const first = await signedIn({ token: owner.token });
    const second = await signedIn({ query: { token: owner.token } });
    const other = await signedIn({ token: stranger.token });

    await capture.inboundUpdates(ownerBot, [tgMessage(42, 'Здравствуйте! '.repeat(20))]);
    const inbound = {
      bot_id: ownerBot.id,
      external_user_id: '42',
      last_text: Array.from('Здравствуйте! '.repeat(20)).slice(0, 200).join(''),
      last_direction: 'in',
      last_at: new Date(now * 1000).toISOString(),
    };
    await eventually(() => {
      expect(first.updates).toEqual([inbound]);
      expect(second.updates).toEqual([inbound]);
    });

    const sent = {
      message_id: 500,
      from: { id: 1, is_bot: true },
      chat: { id: 42, type: 'private' },
      date: now + 1,
      text: 'Добрый день',
    };
    await capture.outboundResult(ownerBot, 'sendmessage', null, sent);
    const outbound = {
      bot_id: ownerBot.id,
      external_user_id: '42',
      last_text: 'Добрый день',
      last_direction: 'out',
      last_at: new Date((now + 1) * 1000).toISOString(),
    };
    await eventually(() => {
      expect(first.updates).toEqual([inbound, outbound]);
      expect(second.updates).toEqual([inbound, outbound]);
    });

    await capture.inboundUpdates(strangerBot, [tgMessage(77, 'hello')]);
    await eventually(() =>
      expect(other.updates).toEqual([expect.objectContaining({ bot_id: strangerBot.id, external_user_id: '77' })]),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.updates).toHaveLength(2);
    expect(second.updates).toHaveLength(2);
  });

  it("a team member's socket hears the account's dialogs while a member, and its own account's after removal", async () => {
    const teamOwner = await registerUser(ctx);
    await upgradeToBusiness(ctx, teamOwner.token);
    const teamBot: CaptureBot = {
      id: (await bindTelegramBot(ctx, teamOwner.token)).bot.id,
      userId: teamOwner.user.id,
      platform: 'telegram',
      utmKey: 'utm_source',
    };
    const member = await addMember(ctx, teamOwner.token, 'observer');
    const client = await signedIn({ token: member.token });

    await capture.inboundUpdates(teamBot, [tgMessage(90, 'to the team')]);
    await eventually(() =>
      expect(client.updates).toEqual([expect.objectContaining({ bot_id: teamBot.id, last_text: 'to the team' })]),
    );

    await request(ctx.url).delete(`/api/team/members/${member.user.id}`).set(bearer(teamOwner)).expect(204);
    await capture.inboundUpdates(teamBot, [tgMessage(91, 'after removal')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.updates).toHaveLength(1);
  });

  it('refuses a connection without a token, with an unknown one and with an expired one', async () => {
    expect((await refusal(connect({}))).message).toBe(Messages.sessionRequired);
    expect((await refusal(connect({ token: 'bls_not-a-session' }))).message).toBe(Messages.sessionRequired);

    const expiring = await login(ctx, owner.email, owner.password);
    await ctx.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND created_at = (SELECT max(created_at) FROM sessions WHERE user_id = $1)`,
      [owner.user.id],
    );
    expect((await refusal(connect({ token: expiring }))).message).toBe(Messages.sessionExpired);
  });

  it('closes the sockets of a session that signed out', async () => {
    const session = await login(ctx, owner.email, owner.password);
    const client = await signedIn({ token: session });
    const ended = new Promise<unknown>((resolve) => client.socket.once('session.ended', resolve));
    const closed = new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
    await request(ctx.url).post('/api/auth/logout').set(bearer(session)).expect(204);
    expect(await ended).toEqual({ message: Messages.sessionExpired });
    expect(await closed).toBe('io server disconnect');
  });
});
