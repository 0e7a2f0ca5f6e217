import request from 'supertest';
import { io, Socket } from 'socket.io-client';
import { Messages } from '../../src/common/messages';
import type { AppProcess } from './support/app-process';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser, uniqueEmail } from './support/factories';
import { SpawnedStack } from './support/spawned-stack';
import { invite, upgradeToBusiness } from './support/team';

interface Listener {
  socket: Socket;
  updates: Array<{ bot_id: string; external_user_id: string; last_text: string; last_direction: string }>;
}

/**
 * Two built instances on one database and one Redis, as behind a load balancer (issue 15): what is done
 * through one holds on the other.
 */
describe('Two instances on one database and one Redis', () => {
  let stack: SpawnedStack;
  let a: AppProcess;
  let b: AppProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    stack = await SpawnedStack.start({ LOG_LEVEL: 'info' });
    [a, b] = await stack.startApps(2);
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await stack.close();
  });

  const listen = async (app: AppProcess, token: string): Promise<Listener> => {
    const socket = io(app.url, { path: '/api/ws', transports: ['websocket'], reconnection: false, auth: { token } });
    sockets.push(socket);
    const updates: Listener['updates'] = [];
    socket.on('dialog.updated', (update: Listener['updates'][number]) => updates.push(update));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, updates };
  };
  /** A user writes to the bot and the update is read through `app`'s mirror, which stores it there. */
  const inboundThrough = async (app: AppProcess, token: string, userId: number, text: string) => {
    stack.telegram.message(token, { from: { id: userId }, text });
    const res = await fetch(`${app.url}/tg/bot${token}/getUpdates`);
    expect(res.status).toBe(200);
  };

  // First in this file: it needs a moment with no live socket on any instance.
  it('an instance whose live notices reached nobody sends them again as soon as a socket connects elsewhere', async () => {
    const owner = await registerUser(stack.ctx(a));
    const tg = await bindTelegramBot(stack.ctx(a), owner.token);
    // Nobody is in the cabinet: B's notice of this message reaches no instance, so B keeps the next ones to itself
    // for a while (LiveRelay's ALONE_RECHECK_MS, 2 s)…
    await inboundThrough(b, tg.token, 6901, 'nobody watches');
    await eventually(async () => {
      const res = await request(b.url)
        .get(`/api/bots/${tg.bot.id}/dialogs`)
        .set('Authorization', `Bearer ${owner.token}`);
      expect(res.body.data.map((dialog: { external_user_id: string }) => dialog.external_user_id)).toEqual(['6901']);
    });
    // …unless A, subscribed for its first socket, says so: the next message through B reaches that socket.
    const watcher = await listen(a, owner.token);
    await inboundThrough(b, tg.token, 6902, 'A watches now');
    await eventually(() => expect(watcher.updates.map((update) => update.last_text)).toEqual(['A watches now']));
    watcher.socket.close();
  });

  it('a socket on A hears the messages stored through B, both ways', async () => {
    const owner = await registerUser(stack.ctx(a));
    const tg = await bindTelegramBot(stack.ctx(a), owner.token);
    const watcher = await listen(a, owner.token);

    await inboundThrough(b, tg.token, 7001, 'hello through B');
    await eventually(() =>
      expect(watcher.updates).toEqual([
        expect.objectContaining({
          bot_id: tg.bot.id,
          external_user_id: '7001',
          last_text: 'hello through B',
          last_direction: 'in',
        }),
      ]),
    );
    await request(b.url)
      .post(`/api/bots/${tg.bot.id}/dialogs/7001/messages`)
      .set('Authorization', `Bearer ${owner.token}`)
      .send({ text: 'answer through B' })
      .expect(201);
    await eventually(() =>
      expect(watcher.updates.at(-1)).toMatchObject({ last_text: 'answer through B', last_direction: 'out' }),
    );
    expect(watcher.updates).toHaveLength(2);
  });

  it("a team join through B moves the member's socket on A to the team's dialogs", async () => {
    const owner = await registerUser(stack.ctx(b));
    await upgradeToBusiness(stack.ctx(b), owner.token);
    const tg = await bindTelegramBot(stack.ctx(b), owner.token);
    const email = uniqueEmail('observer');
    const { token: inviteToken } = await invite(stack.ctx(b), owner.token, email, 'observer');
    const member = await registerUser(stack.ctx(b), email);
    const watcher = await listen(a, member.token);

    await inboundThrough(b, tg.token, 7101, 'before joining');
    // The mirror answers before it stores: the message must be stored (and announced) before the member joins.
    const db = await stack.db();
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM messages WHERE text = 'before joining'`)).rowCount).toBe(1),
    );
    await request(b.url)
      .post(`/api/team/invites/${inviteToken}/accept`)
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    // The socket sits on A, the join happened on B: it arrives as a server-side event over Redis.
    await eventually(async () => {
      await inboundThrough(b, tg.token, 7102, 'after joining');
      expect(watcher.updates.map((update) => update.last_text)).toContain('after joining');
    });
    expect(watcher.updates.map((update) => update.last_text)).not.toContain('before joining');
  });

  it('a deactivation through A makes B refuse sends at once (403 Bot is deactivated); reactivated, B sends', async () => {
    const owner = await registerUser(stack.ctx(a));
    const tg = await bindTelegramBot(stack.ctx(a), owner.token);
    await inboundThrough(a, tg.token, 7201, '/start');
    const db = await stack.db();
    // The mirror answers first and stores right after.
    await eventually(async () =>
      expect((await db.query(`SELECT 1 FROM contacts WHERE bot_id = $1`, [tg.bot.id])).rowCount).toBe(1),
    );
    const auth = { Authorization: `Bearer ${owner.token}` };
    const reply = (app: AppProcess) =>
      request(app.url).post(`/api/bots/${tg.bot.id}/dialogs/7201/messages`).set(auth).send({ text: 'hi' });
    await reply(b).expect(201);

    await request(a.url).patch(`/api/bots/${tg.bot.id}`).set(auth).send({ active: false }).expect(200);
    const started = Date.now();
    const refused = await reply(b);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Bot is deactivated' });
    const broadcast = await request(b.url).post(`/api/bots/${tg.bot.id}/broadcasts`).set(auth).send({ text: 'all' });
    expect(broadcast.status).toBe(403);
    expect(broadcast.body).toEqual({ message: 'Bot is deactivated' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(stack.telegram.sentMessages(tg.token)).toHaveLength(1);

    await request(a.url).patch(`/api/bots/${tg.bot.id}`).set(auth).send({ active: true }).expect(200);
    await reply(b).expect(201);
    expect(stack.telegram.sentMessages(tg.token)).toHaveLength(2);
  });

  describe('TRUST_PROXY', () => {
    const signIn = (app: AppProcess, forwardedFor: string) =>
      request(app.url)
        .post('/api/auth/login')
        .set('X-Forwarded-For', forwardedFor)
        // A new address each time, so only the per-address limit can refuse.
        .send({ email: uniqueEmail('nobody'), password: 'wrong-password' });

    it('loopback: the sign-in limit counts the forwarded client, and the request log names it', async () => {
      const behindProxy = await stack.startApp({ TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT_PER_IP: '3' });
      for (let i = 0; i < 3; i++) {
        const res = await signIn(behindProxy, '203.0.113.5');
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: Messages.badCredentials });
      }
      const limited = await signIn(behindProxy, '203.0.113.5');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: Messages.tooManyRequests });
      const other = await signIn(behindProxy, '198.51.100.7');
      expect(other.status).toBe(401);
      // A request's log line is written once its answer has gone out.
      await eventually(() => {
        expect(behindProxy.logs).toContain('"address":"203.0.113.5"');
        expect(behindProxy.logs).toContain('"address":"198.51.100.7"');
      });
    });

    it('unset: X-Forwarded-For is ignored, every request counts for the connecting address', async () => {
      // A Redis prefix of its own, so the loopback address's budget is not the other instances'.
      const direct = await stack.startApp({
        AUTH_RATE_LIMIT_PER_IP: '3',
        REDIS_KEY_PREFIX: `${stack.env.REDIS_KEY_PREFIX}_direct`,
      });
      for (const address of ['203.0.113.5', '203.0.113.6', '203.0.113.7']) {
        expect((await signIn(direct, address)).status).toBe(401);
      }
      const limited = await signIn(direct, '198.51.100.7');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: Messages.tooManyRequests });
      expect(direct.logs).not.toContain('"address":"198.51.100.7"');
    });

    it('a value Express would not take stops the start with a line naming it', async () => {
      const refused = await stack.startApp({ TRUST_PROXY: 'loopback,10.0.0.0/40' }, { waitReady: false });
      expect(await refused.exited).toEqual({ code: 1, signal: null });
      expect(refused.logs).toContain(
        'Botlens cannot start: TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; "10.0.0.0/40" is none of these',
      );
    });
  });
});
