import { ContactsQueries, containsPattern } from '../../src/contacts/contacts.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot } from './support/factories';

describe('The contact search on PostgreSQL: index parts most contacts hold are left to the recheck', () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  const queries = () => new ContactsQueries(db.dataSource);
  /** The search as written before it was narrowed: the whole text in the index, or the exact user id. */
  const wholeSearch = async (search: string) =>
    (
      await db.dataSource.query<Array<{ external_user_id: string }>>(
        `SELECT external_user_id FROM contacts
          WHERE bot_id = $1 AND (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || E'\\n' ||
                coalesce(username, '') || E'\\n' || coalesce(phone, '')) LIKE lower($2) OR external_user_id = $3)
          ORDER BY last_seen_at DESC NULLS LAST, id`,
        [bot.id, containsPattern(search), search],
      )
    ).map((row) => row.external_user_id);
  const found = async (search: string) => {
    const page = { limit: 1000, offset: 0, search };
    const { rows, total } = await queries().withTotal(bot.id, page, (condition) =>
      queries().page(bot.id, page, condition),
    );
    return { users: rows.map((row) => row.external_user_id), total };
  };

  /** 300 contacts `user1001…` as the bench seeds them, a few with other names; all seen at distinct times. */
  beforeEach(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await db.dataSource.query(
      `INSERT INTO contacts (bot_id, external_user_id, username, first_name, last_name, phone, first_seen_at, last_seen_at)
       SELECT $1, (1000 + n)::text, CASE WHEN n % 100 = 7 THEN 'Σίσυφος_' || n ELSE 'user' || (1000 + n) END,
              CASE WHEN n % 50 = 3 THEN 'Анна' ELSE 'Contact' END, CASE WHEN n = 42 THEN 'User-1042 %5' END,
              CASE WHEN n = 99 THEN '+7 900 100-10-99' END,
              now() - interval '1 day', now() - make_interval(mins => n)
         FROM generate_series(1, 300) AS n`,
      [bot.id],
    );
  });

  it('leaves out only the parts more than nine in ten contacts hold, when others remain', async () => {
    const narrowed = await queries().condition(bot.id, 'USER1042');
    // "use", "ser", "er1" are in every `user…` username of the 200 most recently seen; "r10", "104", "042" are not.
    expect(narrowed.params).toEqual([bot.id, 'USER1042', '%042%', '%104%', '%r10%']);
    expect((await queries().condition(bot.id, 'user')).params).toEqual([bot.id, '%user%', 'user']);
    expect((await queries().condition(bot.id, 'анна')).params).toEqual([bot.id, '%анна%', 'анна']);
  });

  it('finds exactly what the whole search finds, page and total', async () => {
    for (const search of [
      'USER1042',
      'user1',
      'ser10',
      'r1042 %5',
      '1042',
      'user-1042',
      '900 100-10',
      'анна',
      'σίσυφος_1',
    ]) {
      const users = await wholeSearch(search);
      expect({ search, found: await found(search) }).toEqual({ search, found: { users, total: users.length } });
    }
    expect((await found('USER1042')).users).toEqual(['1042']);
  });

  it('counts a full page: the total is every match, not the page', async () => {
    const page = { limit: 10, offset: 5, search: 'user11' };
    const { rows, total } = await queries().withTotal(bot.id, page, (condition) =>
      queries().page(bot.id, page, condition),
    );
    const all = await wholeSearch('user11');
    expect({ users: rows.map((row) => row.external_user_id), total }).toEqual({
      users: all.slice(5, 15),
      total: all.length,
    });
  });
});
