import { FactEvents } from '../../src/ingest/events';
import { useFreshDatabase } from './support/database';
import { blocked, daysAgo, inbound, newAccount, newBot, outbound, utcDay } from './support/factories';
import { ingestPipeline, IngestPipeline } from './support/ingest';

describe('The ingest writer and fact store on PostgreSQL', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;

  beforeEach(() => {
    ingest = ingestPipeline(db);
  });

  it('stores each contact once (with its latest profile), each message once per dedupe key, and the counters and daily rollup', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const at = daysAgo(0);
    const first = inbound('101', '/start promo', at, { username: 'anna' });
    await ingest.writer.write(bot, [first, outbound('101', 'Привет!', at), inbound('202', 'hello', at)]);
    // The same update delivered again (a mirror retry) is stored once.
    await ingest.writer.write(bot, [first, inbound('101', 'second', at, { username: 'anna_k' })]);

    const contacts = await db.dataSource.query(
      `SELECT external_user_id, username, source_value, touches, messages_in, messages_out, last_text, last_direction
         FROM contacts WHERE bot_id = $1 ORDER BY external_user_id`,
      [bot.id],
    );
    expect(contacts).toEqual([
      {
        external_user_id: '101',
        username: 'anna_k',
        source_value: 'promo',
        touches: 1,
        messages_in: 2,
        messages_out: 1,
        last_text: 'second',
        last_direction: 'in',
      },
      {
        external_user_id: '202',
        username: null,
        source_value: null,
        touches: 0,
        messages_in: 1,
        messages_out: 0,
        last_text: 'hello',
        last_direction: 'in',
      },
    ]);
    const [{ count }] = await db.dataSource.query(`SELECT count(*)::int AS count FROM messages WHERE bot_id = $1`, [
      bot.id,
    ]);
    expect(count).toBe(4);
    expect(
      await db.dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, messages_in, messages_out, new_contacts FROM daily_stats WHERE bot_id = $1`,
        [bot.id],
      ),
    ).toEqual([{ day: utcDay(at), messages_in: 3, messages_out: 1, new_contacts: 2 }]);
  });

  it('announces what it stored after the commit: contacts created, messages in and out, nothing for a duplicate', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const at = daysAgo(0);
    const hello = inbound('7', 'hi', at);
    await ingest.writer.write(bot, [hello, outbound('7', 'answer', at)]);
    await ingest.writer.write(bot, [hello]);

    expect(ingest.events.map(([name]) => name)).toEqual([
      FactEvents.contactCreated,
      FactEvents.messageCreated,
      FactEvents.messageOutbound,
    ]);
    expect(ingest.events[1][1]).toMatchObject({
      bot_id: bot.id,
      userId: bot.userId,
      direction: 'in',
      external_user_id: '7',
      text: 'hi',
      created_at: at.toISOString(),
    });
  });

  it('a block marks the contact blocked without counting a message', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [inbound('9', 'hi', daysAgo(1))]);
    const at = daysAgo(0);
    await ingest.writer.write(bot, [blocked('9', at)]);

    const [contact] = await db.dataSource.query(
      `SELECT blocked_at, messages_in, messages_out FROM contacts WHERE bot_id = $1 AND external_user_id = '9'`,
      [bot.id],
    );
    expect(contact).toEqual({ blocked_at: at, messages_in: 1, messages_out: 0 });
  });

  it('leaves a contact row as it is when a batch brings nothing new for it (same profile, a duplicate message)', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const hello = inbound('303', 'hi', daysAgo(0), { username: 'same' });
    await ingest.writer.write(bot, [hello]);
    const version = () =>
      db.dataSource.query(`SELECT xmin::text AS xmin, username FROM contacts WHERE bot_id = $1`, [bot.id]);
    const before = await version();
    await ingest.writer.write(bot, [hello]);
    expect(await version()).toEqual(before);
    await ingest.writer.write(bot, [
      { ...hello, dedupeKey: 'another', profile: { ...hello.profile!, username: 'new' } },
    ]);
    expect((await version())[0].username).toBe('new');
  });
});
