import type { Response } from 'express';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Pool } from 'pg';
import { BotAccess } from '../../src/bots/bot-access';
import { Bot } from '../../src/bots/bot.entity';
import { ContactsQueries } from '../../src/contacts/contacts.queries';
import { CsvExports } from '../../src/contacts/csv-exports.service';
import { primaryReads } from '../../src/database/report-reads';
import { messageFilter } from '../../src/contacts/messages-v1.controller';
import { MessagesQueries } from '../../src/contacts/messages.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { RevenueCohortsQueries } from '../../src/revenue/revenue-cohorts.queries';
import { RevenueQueries } from '../../src/revenue/revenue.queries';
import { RevenueService } from '../../src/revenue/revenue.service';
import { insertPayment, refundPayment } from '../support/payments';
import { eventually } from '../e2e/support/eventually';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot, ownerOf } from './support/factories';
import { telegramTraffic } from './support/telegram';

const base = Date.UTC(2026, 10, 20, 9, 0, 0);
const IVAN = { id: 101, first_name: 'Иван, "Ваня"', username: 'ivan' };
const OLGA = { id: 102, first_name: 'Ольга', last_name: 'Строка\nвторая' };
const MESSAGES_HEADER = '\uFEFFid,direction,external_user_id,text,created_at\r\n';

/** What an Express response of a download needs, kept in memory. */
class CapturedDownload extends Writable {
  statusCode = 0;
  headersSent = false;
  readonly headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.headersSent = true;
    this.chunks.push(chunk);
    done();
  }

  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * The CSV downloads as CsvExports and RevenueService write them (PostgreSQL's COPY through sendCsv), for a bot with
 * a username: Ivan (a comma and quotes in his name) wrote /start and a quoted question, paid 100 Stars for a plan
 * and 990 roubles that were refunded; Olga (a line break in her last name) wrote two lines. Nothing here writes but
 * the test of a client that hangs up, which has a bot of its own.
 */
describe('CSV exports on PostgreSQL', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let account: { id: string; email: string };
  let bot: CaptureBot;
  let paymentIds: string[];
  const exports = () =>
    new CsvExports(
      primaryReads(db.dataSource),
      new BotAccess(db.dataSource.getRepository(Bot)),
      new ContactsQueries(db.dataSource),
      new MessagesQueries(db.dataSource),
    );
  const download = async (write: (res: Response) => Promise<void>) => {
    const res = new CapturedDownload();
    await write(res as unknown as Response);
    return res;
  };
  const messages = (query: { userId?: string; from?: string; to?: string } = {}, botId = bot.id) =>
    download((res) => exports().messages(ownerOf(account), botId, messageFilter({ limit: 0, ...query }), res));
  const ids = async (botId = bot.id) =>
    new Map(
      (
        await db.dataSource.query<Array<{ id: string; text: string }>>(
          `SELECT id, text FROM messages WHERE bot_id = $1`,
          [botId],
        )
      ).map((m) => [m.text, m.id]),
    );
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    account = await newAccount(db.dataSource);
    bot = await newBot(db.dataSource, account);
    await db.dataSource.query(`UPDATE bots SET username = 'shop_bot' WHERE id = $1`, [bot.id]);
    const { inbound } = telegramTraffic(db);
    await inbound(bot, IVAN, new Date(base), { text: '/start' });
    await inbound(bot, IVAN, new Date(base + 60_000), { text: 'Цена, "со скидкой"?' });
    await inbound(bot, OLGA, new Date(base + 3600_000), { text: 'Первая строка\r\nвторая строка' });
    const pay = (amount: number, currency: string, hours: number, chargeId: string, payload?: string) =>
      insertPayment(db.dataSource, {
        botId: bot.id,
        userId: '101',
        amount,
        currency,
        paidAt: new Date(base + hours * 3600_000),
        payload,
        chargeId,
      });
    paymentIds = [await pay(100, 'XTR', 2, 'charge-1', 'plan:pro'), await pay(99000, 'RUB', 3, 'charge-2')];
    await refundPayment(db.dataSource, paymentIds[1], new Date(base + 4 * 3600_000));
  });

  it('contacts: a BOM, the JSON columns, RFC 4180 quoting, CRLF records, and an attachment named after the bot', async () => {
    const res = await download((r) => exports().contacts(ownerOf(account), bot.id, r));
    const [olga, ivan] = await new ContactsQueries(db.dataSource).page(bot.id, { limit: 100, offset: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="shop_bot-contacts-${today()}.csv"`,
      'cache-control': 'no-store',
    });
    expect(res.text).toBe(
      '\uFEFFid,external_user_id,username,first_name,last_name,is_premium,last_seen_at,messages_count,payments,revenue\r\n' +
        `${olga.id},102,,Ольга,"Строка\nвторая",false,2026-11-20T10:00:00.000Z,1,0,\r\n` +
        `${ivan.id},101,ivan,"Иван, ""Ваня""",,false,2026-11-20T09:01:00.000Z,2,2,RUB 0; XTR 100\r\n`,
    );
  });

  it("payments: the payment object's fields, newest first, refunds and empty fields as in JSON", async () => {
    const revenue = new RevenueService(
      primaryReads(db.dataSource),
      new BotAccess(db.dataSource.getRepository(Bot)),
      new RevenueQueries(db.dataSource),
      new RevenueCohortsQueries(db.dataSource),
    );
    const res = await download((r) => revenue.exportPayments(ownerOf(account), bot.id, r));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="shop_bot-payments-${today()}.csv"`);
    expect(res.text).toBe(
      '\uFEFFid,bot_id,user_id,amount,currency,charge_id,provider_charge_id,payload,recurring,first_recurring,' +
        'subscription_expires_at,paid_at,refunded_at,source_value,campaign_name\r\n' +
        `${paymentIds[1]},${bot.id},101,99000,RUB,charge-2,,,false,false,,2026-11-20T12:00:00.000Z,2026-11-20T13:00:00.000Z,,\r\n` +
        `${paymentIds[0]},${bot.id},101,100,XTR,charge-1,,plan:pro,false,false,,2026-11-20T11:00:00.000Z,,,\r\n`,
    );
  });

  it('messages: newest first, quoted texts with their own CRLF, filtered by user and time like the list', async () => {
    const id = await ids();
    const all = await messages();
    expect(all.headers['content-disposition']).toBe(`attachment; filename="shop_bot-messages-${today()}.csv"`);
    expect(all.text).toBe(
      MESSAGES_HEADER +
        `${id.get('Первая строка\r\nвторая строка')},in,102,"Первая строка\r\nвторая строка",2026-11-20T10:00:00.000Z\r\n` +
        `${id.get('Цена, "со скидкой"?')},in,101,"Цена, ""со скидкой""?",2026-11-20T09:01:00.000Z\r\n` +
        `${id.get('/start')},in,101,/start,2026-11-20T09:00:00.000Z\r\n`,
    );
    expect((await messages({ userId: '101', from: '2026-11-20T09:00:30Z', to: '2026-11-20' })).text).toBe(
      MESSAGES_HEADER + `${id.get('Цена, "со скидкой"?')},in,101,"Цена, ""со скидкой""?",2026-11-20T09:01:00.000Z\r\n`,
    );
  });

  it('messages: nothing selected is the header alone; a user id made to break out of its literal matches nobody', async () => {
    expect((await messages({ userId: '999' })).text).toBe(MESSAGES_HEADER);
    // COPY takes no bind parameters: the id goes into the text as a quoted literal, still one value.
    expect((await messages({ userId: "101' OR '1'='1" })).text).toBe(MESSAGES_HEADER);
    expect((await messages({ userId: "101\\' OR TRUE --" })).text).toBe(MESSAGES_HEADER);
  });

  it('ends the COPY and frees its connection when the client goes away mid-download; the next export is whole', async () => {
    const big = await newBot(db.dataSource, account);
    await telegramTraffic(db).inbound(big, IVAN, new Date(base), { text: '/start' });
    const [contact] = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = '101'`,
      [big.id],
    );
    await db.dataSource.query(
      `INSERT INTO messages (bot_id, contact_id, external_user_id, direction, text, dedupe_key, created_at)
       SELECT $1, $2, '101', 'in', repeat('длинный текст ', 200) || g, 'bulk-' || g, now() - g * interval '1 second'
         FROM generate_series(1, 20000) g`,
      [big.id, contact.id],
    );
    // A real socket, so that the client's hang-up reaches sendCsv as it does in the app.
    const server: Server = createServer((_req, res: ServerResponse) => {
      const express = Object.assign(res, { status: (code: number) => ((res.statusCode = code), express) });
      void exports().messages(ownerOf(account), big.id, messageFilter({ limit: 0 }), express as unknown as Response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`http://127.0.0.1:${port}/`, { agent: false });
        const timer = setTimeout(() => reject(new Error('no data')), 30_000);
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
      });
      expect(received).toBeGreaterThan(256 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    const busy = async () =>
      (
        await db.dataSource.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE query LIKE 'COPY (SELECT%FROM messages%' AND datname = current_database() AND state <> 'idle'`,
        )
      )[0].n;
    await eventually(async () => expect(await busy()).toBe(0));
    // The pool was not left short: as many queries at once as it has connections all get one.
    const pool = (db.dataSource.driver as unknown as { master: Pool }).master;
    await Promise.all(Array.from({ length: pool.options.max ?? 4 }, () => db.dataSource.query('SELECT 1')));
    const whole = (await messages({}, big.id)).text;
    // The header, 20,001 records, and the empty rest after the last CRLF.
    expect(whole.split('\r\n')).toHaveLength(1 + 20001 + 1);
    expect(whole.endsWith(',in,101,/start,2026-11-20T09:00:00.000Z\r\n')).toBe(true);
  });
});
