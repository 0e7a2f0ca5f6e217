import { createHash, randomBytes } from 'node:crypto';
import { Bot } from 'grammy';
import request from 'supertest';
import { TELEGRAM_REFUSALS } from '../../src/platforms/platform-refusals';
import { FakeTelegram } from '../fakes';
import { eventually } from './support/eventually';
import { bindTelegramBot, registerUser, telegramToken } from './support/factories';
import { rawRequest } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const MB = 1024 * 1024;
// Contract §4's 30 s shrunk so the timeout rules can be shown in seconds.
const PLATFORM_WAIT_MS = 1000;

describe('Telegram mirror (contract §4)', () => {
  let ctx: TestApp;
  let session: string;

  beforeAll(async () => {
    ctx = await startTestApp({ MIRROR_PLATFORM_TIMEOUT_MS: String(PLATFORM_WAIT_MS) });
    session = (await registerUser(ctx)).token;
  });
  afterAll(() => ctx.close());

  const api = (token: string, method: string) => `${ctx.url}/tg/bot${token}/${method}`;
  const callsOf = (token: string, method?: string) =>
    ctx.telegram.calls.filter((call) => call.token === token && (method === undefined || call.method === method));

  it('a grammY bot polls through the mirror and its reply is forwarded unchanged', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const bot = new Bot(token, { client: { apiRoot: `${ctx.url}/tg` } });
    const received: string[] = [];
    bot.on('message:text', async (c) => {
      received.push(c.message.text);
      await c.reply(`echo: ${c.message.text}`, {
        reply_markup: { inline_keyboard: [[{ text: 'Ok', callback_data: 'ok' }]] },
      });
    });
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const polling = bot.start({ onStart: () => markStarted() });
    await started;

    ctx.telegram.message(token, { from: { id: 5550001, first_name: 'Ann', username: 'ann' }, text: 'hello' });
    const [send] = await eventually(() => {
      const sends = callsOf(token, 'sendmessage');
      expect(sends).toHaveLength(1);
      return sends;
    });
    await bot.stop();
    await polling;

    expect(received).toEqual(['hello']);
    expect(send.params).toEqual({
      chat_id: 5550001,
      text: 'echo: hello',
      reply_markup: { inline_keyboard: [[{ text: 'Ok', callback_data: 'ok' }]] },
    });
    expect(send.headers['content-type']).toBe('application/json');
    expect(JSON.parse(send.rawBody?.toString() ?? '')).toEqual(send.params);
    expect(ctx.telegram.sentMessages(token).map((m) => m.text)).toEqual(['echo: hello']);
    // grammY's own calls went through too: getMe at start, deleteWebhook, the polls.
    expect(callsOf(token, 'getme')).not.toHaveLength(0);
    expect(callsOf(token, 'deletewebhook')).toHaveLength(1);
    expect(callsOf(token, 'getupdates').length).toBeGreaterThanOrEqual(2);
  });

  it('forwards an urlencoded call byte for byte, query included', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const form = 'chat_id=42&text=caf%C3%A9+%26+more%21&reply_markup=%7B%22inline_keyboard%22%3A%5B%5D%7D';
    const res = await fetch(`${api(token, 'sendMessage')}?disable_notification=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'node-telegram-bot-api/0.66' },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, result: { chat: { id: 42 }, text: 'café & more!' } });
    const [call] = callsOf(token, 'sendmessage');
    expect(call.rawBody?.toString()).toBe(form);
    expect(call.params).toEqual({
      disable_notification: 'true',
      chat_id: '42',
      text: 'café & more!',
      reply_markup: '{"inline_keyboard":[]}',
    });
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call.headers['user-agent']).toBe('node-telegram-bot-api/0.66');
  });

  it('streams a multipart upload through unchanged, with a declared length and chunked', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const file = randomBytes(3 * MB);
    const boundary = '----botlens-test-boundary';
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chat_id"\r\n\r\n42\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nQuarterly report\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.subarray(0, MB),
      file.subarray(MB),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const contentType = `multipart/form-data; boundary=${boundary}`;

    const declared = await rawRequest(api(token, 'sendDocument'), {
      headers: { 'content-type': contentType, 'content-length': length },
      chunks: parts,
    });
    const chunked = await rawRequest(api(token, 'sendDocument'), {
      headers: { 'content-type': contentType },
      chunks: parts,
    });

    for (const reply of [declared, chunked]) {
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body.toString())).toMatchObject({
        ok: true,
        result: { caption: 'Quarterly report', document: { file_name: 'report.pdf', file_size: file.length } },
      });
    }
    const calls = callsOf(token, 'senddocument');
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers['content-type']).toBe(contentType);
      expect(call.params).toEqual({ chat_id: '42', caption: 'Quarterly report' });
      expect(call.files).toEqual([
        {
          field: 'document',
          filename: 'report.pdf',
          mimeType: 'application/pdf',
          size: file.length,
          sha256: createHash('sha256').update(file).digest('hex'),
        },
      ]);
    }
    expect(calls[0].headers['content-length']).toBe(String(length));
    expect(calls[1].headers['transfer-encoding']).toBe('chunked');
  });

  it('streams a file download byte for byte', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const bytes = randomBytes(6 * MB);
    ctx.telegram.addFile(token, 'documents/file_7.bin', bytes);
    const res = await fetch(`${ctx.url}/tg/file/bot${token}/documents/file_7.bin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers an unknown token 401 in Telegram format and never forwards it', async () => {
    const { token, id } = telegramToken();
    // Known to the platform but never bound: the mirror is no open proxy.
    ctx.telegram.addBot({ token, id, username: 'stranger_bot', first_name: 'Stranger' });
    ctx.telegram.addFile(token, 'photos/x.jpg', Buffer.from('secret'));
    const before = ctx.telegram.calls.length;

    const call = await fetch(api(token, 'sendMessage'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 1, text: 'hi' }),
    });
    expect(call.status).toBe(401);
    expect(await call.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    const file = await fetch(`${ctx.url}/tg/file/bot${token}/photos/x.jpg`);
    expect(file.status).toBe(401);
    expect(await file.json()).toEqual(TELEGRAM_REFUSALS.unauthorized);
    expect(ctx.telegram.calls.length).toBe(before);
  });

  it('answers 404 in Telegram format for a path that names no method', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const before = callsOf(token).length;
    for (const path of ['/tg', '/tg/', `/tg/bot${token}`, `/tg/bot${token}/`, `/tg/bot${token}/a/b`, '/tg/getMe']) {
      const res = await fetch(`${ctx.url}${path}`);
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 404,
        body: TELEGRAM_REFUSALS.notFound,
      });
    }
    expect(callsOf(token)).toHaveLength(before);
  });

  it('answers a deactivated bot 403 in Telegram format without forwarding, and forwards again once it is activated', async () => {
    const { token, bot } = await bindTelegramBot(ctx, session);
    expect((await fetch(api(token, 'getMe'))).status).toBe(200);
    await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(session)).send({ active: false }).expect(200);
    const before = callsOf(token).length;

    const res = await fetch(api(token, 'getMe'));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot is deactivated in Botlens',
    });
    expect(callsOf(token)).toHaveLength(before);

    // Activated again, its calls pass through at once (the registry entry was dropped on the change).
    await request(ctx.url).patch(`/api/bots/${bot.id}`).set(bearer(session)).send({ active: true }).expect(200);
    expect((await fetch(api(token, 'getMe'))).status).toBe(200);
    expect(callsOf(token)).toHaveLength(before + 1);
  });

  it('answers 413 for a body declared over 50 MB without reading it or forwarding', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const before = callsOf(token).length;
    const reply = await rawRequest(api(token, 'sendDocument'), {
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 50 * MB + 1 },
      chunks: [Buffer.from('--x\r\n')],
      keepOpen: true,
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString())).toEqual({
      ok: false,
      error_code: 413,
      description: 'Request Entity Too Large',
    });
    expect(callsOf(token)).toHaveLength(before);
  });

  it('answers 413 when a chunked upload runs past 50 MB while streaming', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const before = callsOf(token).length;
    const chunk = Buffer.alloc(MB, 0x61);
    const reply = await rawRequest(api(token, 'sendDocument'), {
      headers: { 'content-type': 'application/octet-stream' },
      chunks: Array.from({ length: 52 }, () => chunk),
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString())).toEqual(TELEGRAM_REFUSALS.tooLarge);
    // The platform saw a body that never ended, so it recorded no call.
    expect(callsOf(token)).toHaveLength(before);
  });

  it('passes 429 and its retry_after through unchanged, without retrying', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    ctx.telegram.failNext('sendMessage', FakeTelegram.tooManyRequests(7));
    const res = await fetch(api(token, 'sendMessage'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 42, text: 'too fast' }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    expect(callsOf(token, 'sendmessage')).toHaveLength(1);
  });

  it('treats method names case-insensitively: a GETUPDATES with timeout in its JSON body is a long poll', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    const startedAt = Date.now();
    const res = await fetch(api(token, 'GETUPDATES'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeout: 2 }),
    });
    // Held by the platform for 2 s, past the 2 × 1 s limit of an ordinary call.
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, result: [] });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
    expect(callsOf(token, 'getupdates')[0].params).toEqual({ timeout: 2 });
  });

  it('answers 502 "telegram ETIMEDOUT" when an ordinary call gets no answer in time, and does not retry', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    ctx.telegram.delayNext('getMe', 2 * PLATFORM_WAIT_MS + 1500);
    const res = await fetch(api(token, 'getMe'));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'telegram ETIMEDOUT' });
    expect(callsOf(token, 'getme')).toHaveLength(2); // the binding's check and this one
  });

  it('records the polled message, its contact and the outbound reply', async () => {
    const { token, bot } = await bindTelegramBot(ctx, session);
    ctx.telegram.message(token, { from: { id: 5550002, first_name: 'Bob', username: 'bob' }, text: '/start ads' });
    const polled = (await (await fetch(api(token, 'getUpdates'))).json()) as { result: unknown[] };
    expect(polled.result).toHaveLength(1);
    const sent = await fetch(api(token, 'SendMessage'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: 5550002, text: 'Welcome!' }),
    });
    expect(sent.status).toBe(200);

    await eventually(async () => {
      const messages = await ctx.db.query(
        `SELECT direction, text, external_user_id FROM messages WHERE bot_id = $1 ORDER BY direction`,
        [bot.id],
      );
      expect(messages.rows).toEqual([
        { direction: 'in', text: '/start ads', external_user_id: '5550002' },
        { direction: 'out', text: 'Welcome!', external_user_id: '5550002' },
      ]);
    });
    const contacts = await ctx.db.query(
      `SELECT external_user_id, username, first_name FROM contacts WHERE bot_id = $1`,
      [bot.id],
    );
    expect(contacts.rows).toEqual([{ external_user_id: '5550002', username: 'bob', first_name: 'Bob' }]);
  });

  // Last: it takes the fake platform down for good.
  it('answers 502 "telegram ECONNREFUSED" when the platform is down', async () => {
    const { token } = await bindTelegramBot(ctx, session);
    await ctx.telegram.close();
    const res = await fetch(api(token, 'getMe'));
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'telegram ECONNREFUSED' });
  });
});
