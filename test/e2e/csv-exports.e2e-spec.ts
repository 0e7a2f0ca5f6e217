import request from 'supertest';
import { Messages } from '../../src/common/messages';
import { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
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
const IVAN = { id: 101, first_name: 'Иван', username: 'ivan' };

/** Reads a body as bytes, whatever its type (supertest would parse or drop a text/csv body otherwise). */
const asBytes = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * The HTTP contract of the CSV downloads: headers, the BOM and header row, filters and errors, the cabinet's file
 * the same as the open API's. Row contents and escaping, an injection through userId, and a client that hangs up
 * mid-download are proven by test/medium/csv-exports.medium-spec.ts.
 */
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
    await capture.inboundUpdates(bot, [tg(IVAN, '/start', base), tg(IVAN, 'Цена?', base + 60)]);
    readKey = (await issueKey(ctx, owner.token, ['read'])).key;
    writeKey = (await issueKey(ctx, owner.token, ['write'])).key;
    const me = await request(ctx.url).get(`/api/bots/${botId}`).set(bearer(owner)).expect(200);
    botName = me.body.username ?? botId;
  });
  afterAll(() => ctx.close());

  it('exports contacts with a BOM, the JSON columns and an attachment name; the cabinet downloads the same file', async () => {
    const list = await request(ctx.url).get(`/api/v1/bots/${botId}/contacts`).set('X-API-Key', readKey).expect(200);
    const [ivan] = list.body.data;
    const res = await v1('/contacts/export.csv').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${botName}-contacts-${today()}.csv"`);
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((res.body as Buffer).toString('utf8')).toBe(
      '\uFEFFid,external_user_id,username,first_name,last_name,is_premium,last_seen_at,messages_count,payments,revenue\r\n' +
        `${ivan.id},101,ivan,Иван,,false,2026-11-20T09:01:00.000Z,2,0,\r\n`,
    );
    expect((await session('/contacts/export.csv').expect(200)).body).toEqual(res.body);
  });

  it("exports messages newest first with the list's filters; the cabinet downloads the same file", async () => {
    const ids = (await ctx.db.query(`SELECT id, text FROM messages WHERE bot_id = $1`, [botId])).rows as Array<{
      id: string;
      text: string;
    }>;
    const id = (text: string) => ids.find((m) => m.text === text)!.id;
    const header = '\uFEFFid,direction,external_user_id,text,created_at\r\n';
    const all = await v1('/messages/export.csv').expect(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe(`attachment; filename="${botName}-messages-${today()}.csv"`);
    expect((all.body as Buffer).toString('utf8')).toBe(
      header +
        `${id('Цена?')},in,101,Цена?,2026-11-20T09:01:00.000Z\r\n` +
        `${id('/start')},in,101,/start,2026-11-20T09:00:00.000Z\r\n`,
    );
    const query = '?userId=101&from=2026-11-20T09:00:30Z&to=2026-11-20';
    const ivans = await v1(`/messages/export.csv${query}`).expect(200);
    expect((ivans.body as Buffer).toString('utf8')).toBe(
      header + `${id('Цена?')},in,101,Цена?,2026-11-20T09:01:00.000Z\r\n`,
    );
    expect((await session(`/messages/export.csv${query}`).expect(200)).body).toEqual(ivans.body);
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
});
