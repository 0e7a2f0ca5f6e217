import { StatsQueries } from '../../src/analytics/stats.queries';
import type { StatsDto } from '../../src/analytics/stats.dto';
import { ButtonPresses } from '../../src/ingest/button-presses';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { ContactsRepository } from '../../src/ingest/contacts.repository';
import type { Fact } from '../../src/ingest/facts';
import { HourlyStats } from '../../src/ingest/hourly-stats';
import { RetentionActivity } from '../../src/ingest/retention-activity';
import { useFreshDatabase } from './support/database';
import { inbound, outbound } from './support/factories';
import { ingestedBot } from './support/ingest';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The stats windows read hourly_stats plus the partial hour at each window's start. Every test compares the
 * report with the same figures counted straight from contacts and messages (the definition), and the rollup
 * with one rebuilt from them, at a fixed `now`, on and off the hour.
 */
describe('hourly_stats and the stats windows', () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  let write: (facts: Fact[]) => Promise<void>;

  beforeEach(async () => {
    ({ bot, write } = await ingestedBot(db));
  });

  /** The figures counted from the facts themselves, as the report counted them before the rollup. */
  async function definition(now: Date): Promise<StatsDto> {
    const [row] = await db.dataSource.query<Array<Record<keyof StatsDto, string>>>(
      `SELECT (SELECT count(*) FROM contacts WHERE bot_id = $1) AS contacts_total,
              (SELECT count(*) FROM contacts WHERE bot_id = $1 AND last_seen_at >= $2::timestamptz - interval '24 hours')
                AS contacts_active_24h,
              (SELECT count(*) FROM messages WHERE bot_id = $1) AS messages_total,
              (SELECT count(*) FROM messages WHERE bot_id = $1 AND direction = 'in') AS messages_in,
              (SELECT count(*) FROM messages WHERE bot_id = $1 AND direction = 'out') AS messages_out,
              (SELECT count(*) FROM messages WHERE bot_id = $1 AND created_at >= $2::timestamptz - interval '24 hours')
                AS messages_24h,
              (SELECT count(*) FROM contacts WHERE bot_id = $1 AND first_seen_at >= $2::timestamptz - interval '7 days')
                AS new_users_7d,
              (SELECT count(*) FROM contacts WHERE bot_id = $1 AND last_seen_at >= $2::timestamptz - interval '7 days'
                  AND first_seen_at < $2::timestamptz - interval '7 days') AS active_users_7d`,
      [bot.id, now.toISOString()],
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as StatsDto;
  }

  /** hourly_stats as the migration's backfill would build it from today's rows. */
  async function expectRollupRebuildable(): Promise<void> {
    const rebuilt = `SELECT hour, sum(messages)::int AS messages, sum(new_contacts)::int AS new_contacts,
                            sum(last_seen_contacts)::int AS last_seen_contacts
                       FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS messages, 0 AS new_contacts,
                                    0 AS last_seen_contacts FROM messages WHERE bot_id = $1
                             UNION ALL SELECT date_trunc('hour', first_seen_at, 'UTC'), 0, 1, 0 FROM contacts WHERE bot_id = $1
                             UNION ALL SELECT date_trunc('hour', last_seen_at, 'UTC'), 0, 0, 1 FROM contacts
                                        WHERE bot_id = $1 AND last_seen_at IS NOT NULL) AS f
                      GROUP BY 1 ORDER BY 1`;
    const kept = `SELECT hour, messages, new_contacts, last_seen_contacts FROM hourly_stats WHERE bot_id = $1 ORDER BY 1`;
    expect(await db.dataSource.query(kept, [bot.id])).toEqual(await db.dataSource.query(rebuilt, [bot.id]));
  }

  async function expectExact(now: Date): Promise<void> {
    expect(await new StatsQueries(db.dataSource).stats(bot.id, now)).toEqual(await definition(now));
    await expectRollupRebuildable();
  }

  const press = (userId: string, at: Date): Fact => ({
    kind: 'press',
    dedupeKey: `press:${userId}:${at.getTime()}`,
    externalUserId: userId,
    profile: null,
    data: 'buy',
    at,
  });

  // On the hour: the windows start on an hour boundary. Off it: 17 min 23.456 s into an hour.
  for (const [name, now] of [
    ['on the hour', new Date('2026-03-10T12:00:00.000Z')],
    ['off the hour', new Date('2026-03-10T12:17:23.456Z')],
  ] as const) {
    const ago = (ms: number) => new Date(now.getTime() - ms);

    it(`${name}: a message at exactly now − 24 h counts, one a millisecond older does not`, async () => {
      await write([inbound('A', 'edge', ago(DAY_MS)), inbound('B', 'older', ago(DAY_MS + 1))]);
      await write([outbound('A', 'reply', ago(DAY_MS - 1))]);
      const stats = await new StatsQueries(db.dataSource).stats(bot.id, now);
      expect(stats.messages_24h).toBe(2);
      expect(stats.contacts_active_24h).toBe(1);
      await expectExact(now);
    });

    it(`${name}: facts on both sides of each hour boundary inside and at the edges of both windows`, async () => {
      const facts: Fact[] = [];
      for (const edge of [0, DAY_MS, 7 * DAY_MS]) {
        for (const offset of [-HOUR_MS, -1, 0, 1, HOUR_MS - 1, HOUR_MS, 2 * HOUR_MS + 7])
          facts.push(inbound(`u${edge}:${offset}`, 'hi', ago(edge + offset)));
      }
      await write(facts);
      await expectExact(now);
      // Contacts first seen 8 days ago who come back inside the window are active; their last hour moves.
      await write([inbound(`u${7 * DAY_MS}:${HOUR_MS}`, 'back', ago(3 * HOUR_MS))]);
      await write([press(`u${7 * DAY_MS}:-1`, ago(DAY_MS - 5))]);
      await expectExact(now);
    });

    it(`${name}: a late back-dated message counts in its own hour and does not move last_seen_at back`, async () => {
      await write([inbound('A', 'now', ago(HOUR_MS / 2))]);
      await write([inbound('A', 'late', ago(3 * DAY_MS)), inbound('A', 'later', ago(DAY_MS - 60_000))]);
      const stats = await new StatsQueries(db.dataSource).stats(bot.id, now);
      expect(stats).toMatchObject({ messages_24h: 2, contacts_active_24h: 1, new_users_7d: 1 });
      await expectExact(now);
    });

    it(`${name}: contacts never seen or seen only before their first fact are not active`, async () => {
      // B appears with a message from the bot 2 days ago; C too, then a back-dated message from C of 9 days ago.
      await write([outbound('B', 'welcome', ago(2 * DAY_MS)), outbound('C', 'welcome', ago(2 * DAY_MS))]);
      await write([inbound('C', 'old', ago(9 * DAY_MS))]);
      // D appears by an outbound message 8 days ago and writes today.
      await write([outbound('D', 'welcome', ago(8 * DAY_MS))]);
      await write([inbound('D', 'hi', ago(HOUR_MS))]);
      const stats = await new StatsQueries(db.dataSource).stats(bot.id, now);
      expect(stats).toMatchObject({ new_users_7d: 2, active_users_7d: 1, contacts_active_24h: 1 });
      await expectExact(now);
    });
  }

  it('erasing a contact takes its messages, first and last-seen hours out of hourly_stats', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await write([inbound('A', 'hi', ago(3 * DAY_MS)), inbound('B', 'hi', ago(2 * HOUR_MS))]);
    await write([inbound('A', 'again', ago(HOUR_MS)), outbound('A', 'reply', ago(HOUR_MS - 1)), press('A', ago(10))]);
    const [{ id }] = await db.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = 'A'`,
      [bot.id],
    );
    await db.dataSource.transaction(async (tx) => {
      const key = { id, externalUserId: 'A' };
      await new ButtonPresses().eraseContact(tx, bot.id, key);
      await new HourlyStats().eraseContact(tx, bot.id, key);
      await new RetentionActivity().eraseContact(tx, bot.id, key);
      await new ContactsRepository(db.dataSource).eraseContact(tx, bot.id, key);
    });
    expect(await new StatsQueries(db.dataSource).stats(bot.id, now)).toMatchObject({
      contacts_active_24h: 1,
      messages_24h: 1,
      new_users_7d: 1,
    });
    await expectExact(now);
  });
});
