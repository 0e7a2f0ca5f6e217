import { pressWindow } from '../../src/analytics/buttons.dto';
import { ButtonsQueries } from '../../src/analytics/buttons.queries';
import { StatsQueries } from '../../src/analytics/stats.queries';
import { DialogPressesQueries } from '../../src/contacts/dialog-presses.queries';
import { messageFilter } from '../../src/contacts/messages-v1.controller';
import type { CaptureBot, CaptureService } from '../../src/ingest/capture.service';
import { ButtonPresses } from '../../src/ingest/button-presses';
import { maxPress, nextUpdateId, tgPress } from '../support/button-presses';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot } from './support/factories';
import { telegramTraffic, type TelegramTraffic } from './support/telegram';

/** Every test presses on a bot of its own, so they share one database. */
describe('Button presses on PostgreSQL', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let traffic: TelegramTraffic;
  let capture: CaptureService;
  let account: { id: string };
  const at = (iso: string) => Date.parse(iso);
  const presses = (botId: string) =>
    db.dataSource.query(
      `SELECT external_user_id, data, created_at FROM button_presses WHERE bot_id = $1 ORDER BY created_at, data`,
      [botId],
    );
  const contact = async (botId: string, userId: string) =>
    (
      await db.dataSource.query(
        `SELECT username, messages_in, messages_out, last_seen_at, blocked_at, last_at FROM contacts
          WHERE bot_id = $1 AND external_user_id = $2`,
        [botId, userId],
      )
    )[0];
  const report = (botId: string, from?: string, to?: string) =>
    new ButtonsQueries(db.dataSource).rows(botId, pressWindow({ from, to }));

  beforeAll(async () => {
    account = await newAccount(db.dataSource);
    traffic = telegramTraffic(db);
    capture = traffic.capture;
  });

  describe('recording', () => {
    it('a Telegram press is recorded once, as activity and not as a message; a press in a group is not', async () => {
      const bot = await newBot(db.dataSource, account);
      const press = tgPress(7001, 'plan:pro');
      // The platform's retry of the same update, and a press in a group chat.
      await capture.inboundUpdates(bot, [press]);
      await capture.inboundUpdates(bot, [press, tgPress(7001, 'plan:group', 'group')]);

      expect(await presses(bot.id)).toEqual([
        { external_user_id: '7001', data: 'plan:pro', created_at: expect.any(Date) },
      ]);
      const row = await contact(bot.id, '7001');
      expect(row).toMatchObject({ username: 'ann', messages_in: 0, messages_out: 0, blocked_at: null, last_at: null });
      expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
      const [messages] = await db.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [
        bot.id,
      ]);
      expect(messages.n).toBe(0);
      // Active: counted among the contacts active in the last 24 hours, with no message counted.
      expect(await new StatsQueries(db.dataSource).stats(bot.id)).toMatchObject({
        contacts_active_24h: 1,
        messages_total: 0,
      });
    });

    it('a MAX message_callback from a dialog is recorded once at the callback time; a group chat press is not', async () => {
      const bot = await newBot(db.dataSource, account, { platform: 'max' });
      const when = Date.now() - 5000;
      const press = maxPress(8001, 'size:xl', when);
      await capture.inboundUpdates(bot, [press]);
      await capture.inboundUpdates(bot, [press, maxPress(8001, 'size:s', when, 'chat')]);

      expect(await presses(bot.id)).toEqual([
        { external_user_id: '8001', data: 'size:xl', created_at: new Date(when) },
      ]);
      expect(await contact(bot.id, '8001')).toMatchObject({ messages_in: 0, last_at: null });
    });

    it('a press after a block ends the block, as an inbound message does', async () => {
      const bot = await newBot(db.dataSource, account);
      const seconds = Math.floor(Date.now() / 1000);
      await traffic.inbound(bot, { id: 7003, first_name: 'U' }, new Date((seconds - 60) * 1000), {
        text: 'hi',
      });
      await capture.inboundUpdates(bot, [
        {
          update_id: nextUpdateId(),
          my_chat_member: {
            chat: { id: 7003, type: 'private' },
            from: { id: 7003, is_bot: false, first_name: 'U' },
            date: seconds - 30,
            old_chat_member: { status: 'member', user: { id: 1, is_bot: true, first_name: 'B' } },
            new_chat_member: { status: 'kicked', user: { id: 1, is_bot: true, first_name: 'B' } },
          },
        },
      ]);
      expect((await contact(bot.id, '7003')).blocked_at).not.toBeNull();
      await capture.inboundUpdates(bot, [tgPress(7003, 'again')]);
      expect(await contact(bot.id, '7003')).toMatchObject({ blocked_at: null, messages_in: 1, username: 'ann' });
    });
  });

  it('the report: presses and contacts per data value, most presses, then most contacts, then data in byte order; from/to as the messages list takes them', async () => {
    const bot = await newBot(db.dataSource, account, { platform: 'max' });
    const day1 = at('2024-05-01T10:00:00Z');
    const day2 = at('2024-05-02T10:00:00Z');
    await capture.inboundUpdates(bot, [
      maxPress(1, 'buy', day1),
      maxPress(1, 'buy', day1 + 1000),
      maxPress(2, 'buy', day1 + 2000),
      maxPress(2, 'help', day1 + 3000),
      maxPress(3, 'b', day2),
      maxPress(3, 'a', day2 + 1000),
      maxPress(4, 'help', day2 + 2000),
    ]);
    expect(await report(bot.id)).toEqual([
      { data: 'buy', presses: 3, contacts: 2 },
      { data: 'help', presses: 2, contacts: 2 },
      { data: 'a', presses: 1, contacts: 1 },
      { data: 'b', presses: 1, contacts: 1 },
    ]);
    // A date `to` is that whole day; a timestamp is inclusive.
    expect(await report(bot.id, undefined, '2024-05-01')).toEqual([
      { data: 'buy', presses: 3, contacts: 2 },
      { data: 'help', presses: 1, contacts: 1 },
    ]);
    expect(await report(bot.id, '2024-05-02', '2024-05-02T10:00:01Z')).toEqual([
      { data: 'a', presses: 1, contacts: 1 },
      { data: 'b', presses: 1, contacts: 1 },
    ]);
    expect(await report(bot.id, '2025-01-01')).toEqual([]);
  });

  it("a dialog's presses: newest first, with the messages' limit and from/to; none for a user who never pressed", async () => {
    const bot = await newBot(db.dataSource, account, { platform: 'max' });
    const t = at('2024-07-01T10:00:00Z');
    await capture.inboundUpdates(bot, [
      maxPress(21, 'first', t),
      maxPress(21, 'second', t + 1000),
      maxPress(22, 'other', t),
    ]);
    const ids = await db.dataSource.query<Array<{ id: string; data: string }>>(
      `SELECT id, data FROM button_presses WHERE bot_id = $1`,
      [bot.id],
    );
    const idOf = (data: string) => ids.find((row) => row.data === data)!.id;
    const dialog = (userId: string, query: { limit?: number; from?: string; to?: string }) =>
      new DialogPressesQueries(db.dataSource).list(bot.id, userId, messageFilter({ limit: 100, ...query, userId }));
    expect(await dialog('21', {})).toEqual([
      { id: idOf('second'), data: 'second', created_at: new Date('2024-07-01T10:00:01.000Z') },
      { id: idOf('first'), data: 'first', created_at: new Date('2024-07-01T10:00:00.000Z') },
    ]);
    expect(await dialog('21', { limit: 1, to: '2024-07-01T10:00:00Z' })).toEqual([
      { id: idOf('first'), data: 'first', created_at: new Date('2024-07-01T10:00:00.000Z') },
    ]);
    expect(await dialog('999', {})).toEqual([]);
  });

  /**
   * The report reads whole UTC days from the rollup the ingest keeps and the edge days from the presses: every
   * window must answer exactly what the raw presses answer, and the rollup must equal what the migration's backfill
   * computes from them, after any order of arrival, a redelivery, and an erasure.
   */
  describe('the report read from the rollup the ingest keeps', () => {
    let bot: CaptureBot;
    // Windows with whole days, partial days at either edge, both edges within one or two days, and bounds on
    // the first and last microsecond-free instants of a day.
    const windows: Array<[string?, string?]> = [
      [],
      ['2024-08-02'],
      [undefined, '2024-08-02'],
      ['2024-08-02', '2024-08-03'],
      ['2024-08-01T23:59:59Z'],
      ['2024-08-02T00:00:00.001Z'],
      [undefined, '2024-08-03T00:00:00Z'],
      [undefined, '2024-08-04T00:00:00.001Z'],
      ['2024-08-04T00:00:00.001Z'],
      ['2024-08-01T12:00:00Z', '2024-08-03T12:00:00Z'],
      ['2024-08-02T10:00:00Z', '2024-08-02T10:00:00Z'],
      ['2024-08-01T23:00:00Z', '2024-08-02T01:00:00Z'],
      ['2024-08-03', '2024-08-03T23:59:59.998Z'],
      ['2024-08-01T06:00:00.001Z', '2024-08-04'],
      // A contact at the first edge whose next day is within, at the last edge, or past the window.
      ['2024-08-01T23:00:00Z', '2024-08-03T00:00:00Z'],
      ['2024-08-01T20:00:00Z', '2024-08-04T12:00:00Z'],
      ['2024-08-02T12:00:00Z', '2024-08-04T00:00:00Z'],
    ];

    /** The report as the raw presses answer it: what the rollup must equal, window by window. */
    const fromRawPresses = async (from?: string, to?: string) => {
      const window = pressWindow({ from, to });
      const rows = await db.dataSource.query<Array<{ data: string; presses: number; contacts: number }>>(
        `SELECT data, count(*)::int AS presses, count(DISTINCT contact_id)::int AS contacts
           FROM button_presses
          WHERE bot_id = $1
            AND ($2::timestamptz IS NULL OR created_at >= $2)
            AND ($3::timestamptz IS NULL OR created_at <= $3)
            AND ($4::timestamptz IS NULL OR created_at < $4)
          GROUP BY data
          ORDER BY count(*) DESC, count(DISTINCT contact_id) DESC, data COLLATE "C"`,
        [bot.id, window.notBefore, window.notAfter, window.before],
      );
      return rows;
    };
    /** The rollup's rows of the bot next to what the migration's backfill computes from the raw presses. */
    const rollupAndRecount = async () => {
      const [kept] = await db.dataSource.query(
        `SELECT (SELECT json_agg(p ORDER BY p.day, p.data) FROM (SELECT day::text, data, presses FROM button_day_presses
                  WHERE bot_id = $1) p) AS presses,
                (SELECT json_agg(c ORDER BY c.day, c.data, c.previous_day) FROM (SELECT day::text, data,
                  previous_day::text, contacts FROM button_day_contacts WHERE bot_id = $1 AND contacts <> 0) c) AS contacts,
                (SELECT json_agg(d ORDER BY d.contact_id, d.data, d.day) FROM (SELECT contact_id, data, day::text,
                  previous_day::text FROM button_contact_days WHERE bot_id = $1) d) AS days`,
        [bot.id],
      );
      const [recounted] = await db.dataSource.query(
        `WITH days AS (SELECT DISTINCT contact_id, data, (created_at AT TIME ZONE 'UTC')::date AS day
                         FROM button_presses WHERE bot_id = $1)
         SELECT (SELECT json_agg(p ORDER BY p.day, p.data) FROM (SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day,
                  data, count(*)::int AS presses FROM button_presses WHERE bot_id = $1 GROUP BY 1, 2) p) AS presses,
                (SELECT json_agg(c ORDER BY c.day, c.data, c.previous_day) FROM (
                  SELECT day::text, data, previous_day::text, count(*)::int AS contacts
                    FROM (SELECT day, data, coalesce(lag(day) OVER (PARTITION BY contact_id, data ORDER BY day),
                                 '-infinity') AS previous_day FROM days) d
                   GROUP BY 1, 2, 3) c) AS contacts,
                (SELECT json_agg(d ORDER BY d.contact_id, d.data, d.day) FROM (
                  SELECT contact_id, data, day::text, coalesce(lag(day) OVER (PARTITION BY contact_id, data ORDER BY day),
                         '-infinity')::text AS previous_day FROM days) d) AS days`,
        [bot.id],
      );
      return { kept, recounted };
    };
    /** Every window answers what the raw presses answer, and the rollup is what a backfill would build. */
    const expectRollupExact = async () => {
      for (const [from, to] of windows)
        expect({ from, to, rows: await report(bot.id, from, to) }).toEqual({
          from,
          to,
          rows: await fromRawPresses(from, to),
        });
      const { kept, recounted } = await rollupAndRecount();
      expect(kept).toEqual(recounted);
    };
    /** A press delivered again (within a batch and in a later one) and one of a new contact, 35. */
    const redeliver = async () => {
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r1'),
        maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10'),
        maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10'),
      ]);
      await capture.inboundUpdates(bot, [maxPress(35, 'help', at('2024-08-02T08:00:00Z'), 'dialog', 'r10')]);
    };

    beforeEach(async () => {
      bot = await newBot(db.dataSource, account, { platform: 'max' });
      // Later days first, then earlier ones, then one in between: a contact's days arrive in any order.
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r1'),
        maxPress(32, 'help', at('2024-08-03T00:00:00.000Z'), 'dialog', 'r2'),
        maxPress(32, 'help', at('2024-08-03T23:59:59.999Z'), 'dialog', 'r3'),
        maxPress(33, 'buy', at('2024-08-04T00:00:00.001Z'), 'dialog', 'r4'),
        maxPress(34, 'buy', at('2024-08-03T12:00:00Z'), 'dialog', 'r5'),
      ]);
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-01T23:59:59Z'), 'dialog', 'r6'),
        maxPress(33, 'help', at('2024-08-01T06:00:00Z'), 'dialog', 'r7'),
      ]);
      await capture.inboundUpdates(bot, [
        maxPress(31, 'buy', at('2024-08-02T00:00:00Z'), 'dialog', 'r8'),
        maxPress(32, 'buy', at('2024-08-02T10:00:00Z'), 'dialog', 'r9'),
      ]);
    });

    it('answers every window exactly as the raw presses do, across day edges', async () => {
      expect(await report(bot.id)).toEqual([
        { data: 'buy', presses: 6, contacts: 4 },
        { data: 'help', presses: 3, contacts: 2 },
      ]);
      // 31 pressed on the 1st (an edge), the 2nd (a whole day) and the 3rd (the other edge): once.
      expect(await report(bot.id, '2024-08-01T12:00:00Z', '2024-08-03T12:00:00Z')).toEqual([
        { data: 'buy', presses: 5, contacts: 3 },
        { data: 'help', presses: 1, contacts: 1 },
      ]);
      await expectRollupExact();
    });

    it('counts a press delivered again once, within a batch and across batches', async () => {
      await redeliver();
      expect(await report(bot.id)).toEqual([
        { data: 'buy', presses: 6, contacts: 4 },
        { data: 'help', presses: 4, contacts: 3 },
      ]);
      await expectRollupExact();
    });

    it("takes an erased contact's presses out of the rollup, and leaves no counters when none is left", async () => {
      await redeliver();
      const erase = async (userId: string) => {
        const [{ id }] = await db.dataSource.query<Array<{ id: string }>>(
          `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $2`,
          [bot.id, userId],
        );
        await db.dataSource.transaction((tx) =>
          new ButtonPresses().eraseContact(tx, bot.id, { id, externalUserId: userId }),
        );
      };
      await erase('31');
      expect(await report(bot.id)).toEqual([
        { data: 'help', presses: 4, contacts: 3 },
        { data: 'buy', presses: 3, contacts: 3 },
      ]);
      await expectRollupExact();

      for (const userId of ['32', '33', '34', '35']) await erase(userId);
      expect(await report(bot.id)).toEqual([]);
      const [left] = await db.dataSource.query(
        `SELECT (SELECT count(*) FROM button_day_presses WHERE bot_id = $1)::int AS presses,
                (SELECT count(*) FROM button_contact_days WHERE bot_id = $1)::int AS days,
                (SELECT count(*) FROM button_day_contacts WHERE bot_id = $1)::int AS contacts`,
        [bot.id],
      );
      expect(left).toEqual({ presses: 0, days: 0, contacts: 0 });
    });
  });
});
