import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { eventually } from './support/eventually';
import { bindTelegramBot, issueKey, registerUser } from './support/factories';
import { startTestApp, TestApp } from './support/test-app';
import { bearer } from './support/session';

const base = Date.UTC(2026, 10, 20, 9, 0, 0) / 1000;
let updateId = 1;
const tg = (
  from: { id: number; first_name: string; last_name?: string; username?: string },
  text: string,
  date: number,
) => ({
  update_id: updateId,
  message: {
    message_id: updateId++,
    from: { is_bot: false, ...from },
    chat: { id: from.id, type: 'private' },
    date,
    text,
  },
});
const IVAN = { id: 101, first_name: 'Иван, "Ваня"', username: 'ivan' };
const OLGA = { id: 102, first_name: 'Ольга', last_name: 'Строка\nвторая' };

/** Reads a body as bytes, whatever its type (supertest would parse or drop a text/csv body otherwise). */
const asBytes = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('CSV exports of contacts and messages (open API and session)', () => {
  let ctx: TestApp;
  let owner: { token: string; user: { id: string } };
  let botId: string;
  let botName: string;
  let readKey: string;
  let writeKey: string;
  const today = () => new Date().toISOString().slice(0, 10);

  const v1 = (path: string, key = readKey) =>
    request(ctx.url).get(`/api/v1/bots/${botId}${path}`).set('X-API-Key', key).buffer(true).parse(asBytes);
  const session = (path: string) =>
    request(ctx.url).get(`/api/bots/${botId}${path}`).set(bearer(owner)).buffer(true).parse(asBytes);

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await registerUser(ctx);
    botId = (await bindTelegramBot(ctx, owner.token)).bot.id;
    const bot: CaptureBot = { id: botId, userId: owner.user.id, platform: 'telegram', utmKey: 'utm_source' };
    const capture = ctx.app.get(CaptureService);
    await capture.inboundUpdates(bot, [tg(IVAN, '/start', base), tg(IVAN, 'Цена, "со скидкой"?', base + 60)]);
    await capture.inboundUpdates(bot, [tg(OLGA, 'Первая строка\r\nвторая строка', base + 3600)]);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    const me = await request(ctx.url).get(`/api/bots/${botId}`).set(bearer(owner)).expect(200);
    botName = me.body.username ?? botId;
  });
  afterAll(() => ctx.close());

  it('exports contacts with a BOM, the JSON columns, RFC 4180 quoting and an attachment name', async () => {
    const list = await request(ctx.url).get(`/api/v1/bots/${botId}/contacts`).set('X-API-Key', readKey).expect(200);
    const [olga, ivan] = list.body.data;
    const res = await v1('/contacts/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${botName}-contacts-${today()}.csv"`);
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((res.body as Buffer).toString('utf8')).toBe(
      '\uFEFFid,external_user_id,username,first_name,last_name,is_premium,last_seen_at,messages_count\r\n' +
        `${olga.id},102,,Ольга,"Строка\nвторая",false,2026-11-20T10:00:00.000Z,1\r\n` +
        `${ivan.id},101,ivan,"Иван, ""Ваня""",,false,2026-11-20T09:01:00.000Z,2\r\n`,
    );
    // The cabinet's download is the same file.
    expect((await session('/contacts/export.csv').expect(200)).body).toEqual(res.body);
  });

  it('exports messages newest first, filtered by user and time like the list', async () => {
    const ids = (await ctx.db.query(`SELECT id, text FROM messages WHERE bot_id = $1`, [botId])).rows as Array<{
      id: string;
      text: string;
    }>;
    const id = (text: string) => ids.find((m) => m.text === text)!.id;
    const header = '\uFEFFid,direction,external_user_id,text,created_at\r\n';
    const all = await v1('/messages/export.csv').expect(200);
    expect(all.headers['content-disposition']).toBe(`attachment; filename="${botName}-messages-${today()}.csv"`);
    expect((all.body as Buffer).toString('utf8')).toBe(
      header +
        `${id('Первая строка\r\nвторая строка')},in,102,"Первая строка\r\nвторая строка",2026-11-20T10:00:00.000Z\r\n` +
        `${id('Цена, "со скидкой"?')},in,101,"Цена, ""со скидкой""?",2026-11-20T09:01:00.000Z\r\n` +
        `${id('/start')},in,101,/start,2026-11-20T09:00:00.000Z\r\n`,
    );
    const ivans = await v1('/messages/export.csv?userId=101&from=2026-11-20T09:00:30Z&to=2026-11-20').expect(200);
    expect((ivans.body as Buffer).toString('utf8')).toBe(
      header + `${id('Цена, "со скидкой"?')},in,101,"Цена, ""со скидкой""?",2026-11-20T09:01:00.000Z\r\n`,
    );
    expect(
      (await session('/messages/export.csv?userId=101&from=2026-11-20T09:00:30Z&to=2026-11-20').expect(200)).body,
    ).toEqual(ivans.body);
    // Nothing selected: the header alone.
    expect((await v1('/messages/export.csv?userId=999').expect(200)).body.toString('utf8')).toBe(header);
    // COPY takes no bind parameters: a user id made to break out of its literal is still one value that matches nobody.
    const hostile = encodeURIComponent("101' OR '1'='1");
    expect((await v1(`/messages/export.csv?userId=${hostile}`).expect(200)).body.toString('utf8')).toBe(header);
    const backslashed = encodeURIComponent("101\\' OR TRUE --");
    expect((await v1(`/messages/export.csv?userId=${backslashed}`).expect(200)).body.toString('utf8')).toBe(header);
  });

  it('answers the list errors as JSON: bad window, scope, unknown bot', async () => {
    const bad = await request(ctx.url)
      .get(`/api/v1/bots/${botId}/messages/export.csv?from=2026-11-21&to=2026-11-20`)
      .set('X-API-Key', readKey)
      .expect(400);
    expect(bad.body).toEqual({ message: Messages.badTimeRange });
    const scope = await request(ctx.url)
      .get(`/api/v1/bots/${botId}/contacts/export.csv`)
      .set('X-API-Key', writeKey)
      .expect(403);
    expect(scope.body).toEqual({ message: Messages.scopeRequired('read') });
    const unknown = await request(ctx.url)
      .get('/api/v1/bots/00000000-0000-4000-8000-000000000000/messages/export.csv')
      .set('X-API-Key', readKey)
      .expect(404);
    expect(unknown.body).toEqual({ message: Messages.botNotFound });
    // The contact route still answers contacts by id.
    await request(ctx.url).get(`/api/v1/bots/${botId}/contacts/101`).set('X-API-Key', readKey).expect(200);
  });

  it('ends the COPY and frees its connection when the client goes away mid-download; the next export is whole', async () => {
    const [contact] = (
      await ctx.db.query(`SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = '101'`, [botId])
    ).rows;
    await ctx.db.query(
      `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, text, dedupe_key, created_at)
       SELECT $1, $2, '101', 'in', repeat('длинный текст ', 20) || g, 'bulk-' || g, now() - g * interval '1 second'
         FROM generate_series(1, 200000) g`,
      [botId, contact.id],
    );
    const received = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${ctx.url}/api/v1/bots/${botId}/messages/export.csv`, {
        headers: { 'X-API-Key': readKey },
        agent: false,
      });
      req.on('response', (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Read a little, then hang up with most of the file unsent.
          if (bytes > 256 * 1024) {
            clearTimeout(timer);
            req.destroy();
            resolve(bytes);
          }
        });
      });
      req.on('error', () => undefined);
      req.end();
      const timer = setTimeout(() => reject(new Error('no data')), 30_000);
    });
    expect(received).toBeGreaterThan(256 * 1024);
    await eventually(async () => {
      const busy = await ctx.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE query LIKE 'COPY (SELECT%FROM messages%' AND datname = current_database() AND state <> 'idle'`,
      );
      expect(busy.rows[0].n).toBe(0);
    });
    // The app still answers, so its pool was not left short, and the next download is whole.
    await request(ctx.url).get(`/api/v1/bots/${botId}/contacts`).set('X-API-Key', readKey).expect(200);
    const whole = ((await v1('/messages/export.csv').expect(200)).body as Buffer).toString('utf8');
    // The header, 200,003 records, the empty rest after the last CRLF, and the CRLF inside a text.
    expect(whole.split('\r\n')).toHaveLength(1 + 200003 + 1 + 1);
    expect(whole.endsWith(',in,101,/start,2026-11-20T09:00:00.000Z\r\n')).toBe(true);
  });
});
