import { createServer, IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import { FakeMax, FakeTelegram, SmtpCatcher } from './index';

const TOKEN = '123456:secret-abc';
const MAX_TOKEN = 'max-token-1';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fakes answer every platform shape; tests read fields freely
async function json(response: Response): Promise<any> {
  return response.json();
}

describe('FakeTelegram', () => {
  let tg: FakeTelegram;
  const api = (method: string, init?: RequestInit): Promise<Response> => fetch(`${tg.url}/bot${TOKEN}/${method}`, init);
  const post = (method: string, body: unknown): Promise<Response> =>
    api(method, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeEach(async () => {
    tg = await FakeTelegram.start();
    tg.addBot({ token: TOKEN, username: 'test_bot', first_name: 'Test' });
  });
  afterEach(() => tg.close());

  it('answers getMe over JSON POST, case-insensitively', async () => {
    const response = await post('GETME', {});
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      ok: true,
      result: expect.objectContaining({ id: 123456, is_bot: true, username: 'test_bot', can_join_groups: true }),
    });
    expect(tg.callsOf('getMe')).toHaveLength(1);
  });

  it('merges the query with urlencoded, JSON and multipart bodies', async () => {
    const form = new URLSearchParams({
      chat_id: '42',
      text: 'hi',
      reply_markup: JSON.stringify({ inline_keyboard: [] }),
    });
    const urlencoded = await json(await api('sendMessage', { method: 'POST', body: form }));
    expect(urlencoded.result).toMatchObject({
      message_id: 1,
      chat: { id: 42, type: 'private' },
      text: 'hi',
      reply_markup: { inline_keyboard: [] },
    });

    const viaQuery = await json(await api('sendMessage?chat_id=42&text=from%20query'));
    expect(viaQuery.result).toMatchObject({ message_id: 2, from: { username: 'test_bot' }, text: 'from query' });

    const mixed = await json(await post('sendMessage?chat_id=43', { text: 'json body' }));
    expect(mixed.result).toMatchObject({ message_id: 3, chat: { id: 43 }, text: 'json body' });

    const multipart = new FormData();
    multipart.append('caption', 'report');
    multipart.append('document', new Blob([Buffer.alloc(300)]), 'report.pdf');
    const upload = await json(await api('sendDocument?chat_id=42', { method: 'POST', body: multipart }));
    expect(upload.result).toMatchObject({ caption: 'report', document: { file_name: 'report.pdf', file_size: 300 } });
    expect(tg.callsOf('senddocument')[0]).toMatchObject({
      params: { chat_id: '42', caption: 'report' },
      files: [{ field: 'document', filename: 'report.pdf', size: 300 }],
    });
    expect(tg.sentMessages(TOKEN).map((m) => m.text ?? m.caption)).toEqual(['hi', 'from query', 'json body', 'report']);
    expect(tg.sendTimestamps).toHaveLength(4);
  });

  it('answers errors with status = error_code', async () => {
    const unauthorized = await fetch(`${tg.url}/bot999:nope/getMe`);
    expect(unauthorized.status).toBe(401);
    expect(await json(unauthorized)).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    expect((await post('noSuchMethod', {})).status).toBe(404);
    expect(await json(await post('sendMessage', { chat_id: 1, text: '' }))).toMatchObject({
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });

    tg.failNext('sendMessage', FakeTelegram.tooManyRequests(3));
    tg.blockUser(TOKEN, 7);
    const limited = await post('sendMessage', { chat_id: 1, text: 'x' });
    expect(limited.status).toBe(429);
    expect((await json(limited)).parameters).toEqual({ retry_after: 3 });
    expect(await json(await post('sendMessage', { chat_id: 7, text: 'x' }))).toMatchObject({
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
  });

  it('holds getUpdates until an update arrives, and offset confirms', async () => {
    const started = Date.now();
    const poll = post('getUpdates', { timeout: 10 });
    setTimeout(() => tg.message(TOKEN, { from: { id: 5, first_name: 'Ann' }, text: '/start ref' }), 50);
    const first = (await json(await poll)).result;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(first).toEqual([
      expect.objectContaining({
        update_id: 1,
        message: expect.objectContaining({ text: '/start ref', chat: expect.objectContaining({ id: 5 }) }),
      }),
    ]);

    tg.pushUpdate(TOKEN, { callback_query: { id: 'q' } });
    expect((await json(await post('getUpdates', { offset: 1 }))).result).toHaveLength(2);
    expect(
      (await json(await post('getUpdates', { offset: 2 }))).result.map((u: { update_id: number }) => u.update_id),
    ).toEqual([2]);
    expect((await json(await post('getUpdates', { offset: 3, timeout: 0 }))).result).toEqual([]);
  });

  it('refuses getUpdates while a webhook is set, and delivers to it with the secret', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = await listen((req, body) => received.push({ headers: req.headers, body }));
    try {
      await post('setWebHook', { url: receiver.url, secret_token: 'hook_secret', allowed_updates: ['message'] });
      const conflict = await post('getUpdates', {});
      expect(conflict.status).toBe(409);
      expect((await json(conflict)).description).toMatch(
        /^Conflict: can't use getUpdates method while webhook is active/,
      );

      const update = tg.message(TOKEN, { from: { id: 5 }, text: 'hello' });
      expect((await json(await post('getWebhookInfo', {}))).result).toMatchObject({
        url: receiver.url,
        pending_update_count: 1,
      });
      const reply = await tg.deliverWebhook(TOKEN, update);
      expect(reply.status).toBe(200);
      expect(received[0].headers['x-telegram-bot-api-secret-token']).toBe('hook_secret');
      expect(JSON.parse(received[0].body)).toEqual(update);
      expect(tg.pendingUpdates(TOKEN)).toEqual([]);

      await post('deleteWebhook', {});
      expect((await json(await post('getWebhookInfo', {}))).result.url).toBe('');
    } finally {
      await receiver.close();
    }
  });

  it('serves registered files through getFile', async () => {
    const [, large] = tg.addProfilePhoto(TOKEN, 5, Buffer.from('jpeg-bytes'));
    const photos = (await json(await post('getUserProfilePhotos', { user_id: 5 }))).result;
    expect(photos.total_count).toBe(1);
    const file = (await json(await post('getFile', { file_id: photos.photos[0][1].file_id }))).result;
    expect(file).toMatchObject({ file_id: large.file_id, file_size: 10 });
    const download = await fetch(`${tg.url}/file/bot${TOKEN}/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('jpeg-bytes');
    expect((await fetch(`${tg.url}/file/bot${TOKEN}/missing.jpg`)).status).toBe(404);
  });

  it('makes payment updates and refunds a Star payment once, to its payer only', async () => {
    const paid = tg.successfulPayment(TOKEN, { from: { id: 7 }, chargeId: 'stx-1', total_amount: 50 });
    expect(paid.message).toMatchObject({
      from: { id: 7, is_bot: false },
      chat: { id: 7, type: 'private' },
      successful_payment: {
        currency: 'XTR',
        total_amount: 50,
        telegram_payment_charge_id: 'stx-1',
        provider_payment_charge_id: '',
      },
    });
    const refund = (userId: number, chargeId: string) =>
      post('refundStarPayment', { user_id: userId, telegram_payment_charge_id: chargeId });
    expect((await refund(8, 'stx-1')).status).toBe(400);
    expect(await json(await refund(7, 'stx-1'))).toEqual({ ok: true, result: true });
    expect(tg.isRefunded(TOKEN, 'stx-1')).toBe(true);
    expect(await json(await refund(7, 'stx-1'))).toMatchObject({
      ok: false,
      description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    });
    expect(tg.refundedPayment(TOKEN, 'stx-1').message).toMatchObject({
      from: { id: 7 },
      refunded_payment: { currency: 'XTR', total_amount: 50, telegram_payment_charge_id: 'stx-1' },
    });
  });

  it('releases a held long poll on close', async () => {
    const poll = post('getUpdates', { timeout: 30 }).then(json);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tg.close();
    expect((await poll).result).toEqual([]);
  });
});

describe('FakeMax', () => {
  let max: FakeMax;
  const api = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${max.url}${path}`, {
      ...init,
      headers: { authorization: MAX_TOKEN, 'content-type': 'application/json', ...init.headers },
    });

  beforeEach(async () => {
    max = await FakeMax.start();
    max.addBot({
      token: MAX_TOKEN,
      user_id: 900,
      first_name: 'Max bot',
      username: 'max_bot',
      avatar_url: 'https://a/1.png',
    });
  });
  afterEach(() => max.close());

  it('requires the raw token in Authorization', async () => {
    const variants: Array<Record<string, string>> = [{}, { authorization: `Bearer ${MAX_TOKEN}` }];
    for (const headers of variants) {
      const response = await fetch(`${max.url}/me?access_token=${MAX_TOKEN}`, { headers });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ code: 'verify.token', message: 'Invalid access_token' });
    }
    expect(await json(await api('/me'))).toMatchObject({
      user_id: 900,
      is_bot: true,
      username: 'max_bot',
      avatar_url: 'https://a/1.png',
    });
  });

  it('long-polls /updates and confirms by marker', async () => {
    const poll = api('/updates?timeout=10');
    setTimeout(() => max.botStarted(MAX_TOKEN, { user: { user_id: 5, first_name: 'Ann' }, payload: 'ref42' }), 50);
    const first = await json(await poll);
    expect(first.updates).toEqual([
      expect.objectContaining({
        update_type: 'bot_started',
        payload: 'ref42',
        user: expect.objectContaining({ user_id: 5 }),
      }),
    ]);

    const created = max.messageCreated(MAX_TOKEN, { sender: { user_id: 5 }, text: 'hello' });
    expect((created.message as { recipient: { chat_id: number } }).recipient.chat_id).not.toBe(5);
    const both = await json(await api('/updates?timeout=0'));
    expect(both.updates).toHaveLength(2);
    const rest = await json(await api(`/updates?timeout=0&marker=${first.marker}`));
    expect(rest.updates.map((u: { update_type: string }) => u.update_type)).toEqual(['message_created']);
    expect((await json(await api(`/updates?timeout=0&marker=${rest.marker}`))).updates).toEqual([]);
  });

  it('sends messages and answers 403 for a blocked user', async () => {
    const response = await api('/messages?user_id=5', {
      method: 'POST',
      body: JSON.stringify({ text: 'hi', format: 'html' }),
    });
    expect(response.status).toBe(200);
    const { message } = await json(response);
    expect(message).toMatchObject({
      sender: { user_id: 900 },
      recipient: { chat_type: 'dialog', user_id: 5 },
      body: { text: 'hi' },
    });
    expect(message.body.mid).toMatch(/^mid\.[0-9a-f]+$/);
    expect(max.callsOf('POST', '/messages')[0].body).toEqual({ text: 'hi', format: 'html' });

    max.blockUser(MAX_TOKEN, 5);
    const denied = await api(`/messages?chat_id=${message.recipient.chat_id}`, {
      method: 'POST',
      body: JSON.stringify({ text: 'x' }),
    });
    expect(denied.status).toBe(403);
    expect((await json(denied)).code).toBe('chat.denied');
    expect(max.sendTimestamps).toHaveLength(2);
  });

  it('manages subscriptions and delivers webhooks with the secret', async () => {
    const received: IncomingHttpHeaders[] = [];
    const receiver = await listen((req) => received.push(req.headers));
    try {
      const body = JSON.stringify({ url: receiver.url, update_types: ['message_created'], secret: 'hook_secret' });
      expect(await json(await api('/subscriptions', { method: 'POST', body }))).toEqual({ success: true });
      expect((await json(await api('/subscriptions'))).subscriptions).toEqual([
        { url: receiver.url, time: expect.any(Number), update_types: ['message_created'] },
      ]);
      const update = max.messageCreated(MAX_TOKEN, { sender: { user_id: 5 }, text: 'hi' });
      expect((await max.deliverWebhook(MAX_TOKEN, update)).map((d) => d.status)).toEqual([200]);
      expect(received[0]['x-max-bot-api-secret']).toBe('hook_secret');
      await api(`/subscriptions?url=${encodeURIComponent(receiver.url)}`, { method: 'DELETE' });
      expect(max.subscriptionsOf(MAX_TOKEN)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('SmtpCatcher', () => {
  it('catches a message sent with nodemailer', async () => {
    const smtp = await SmtpCatcher.start();
    const transport = createTransport(smtp.url);
    try {
      const waiting = smtp.waitFor({ to: 'Owner@Example.com' });
      await transport.sendMail({
        from: 'no-reply@botlens.test',
        to: 'owner@example.com',
        subject: 'Verify',
        text: 'code 123',
      });
      expect(await waiting).toMatchObject({
        subject: 'Verify',
        text: expect.stringContaining('code 123'),
        from: 'no-reply@botlens.test',
      });
      await expect(smtp.waitFor({ to: 'nobody@example.com' }, 50)).rejects.toThrow(
        /no message matching to=nobody@example.com/,
      );
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

/** A throwaway webhook receiver answering 200 `{}`. */
async function listen(
  onRequest: (req: IncomingMessage, body: string) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onRequest(req, Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
