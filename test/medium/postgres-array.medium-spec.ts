import { Client } from 'pg';
import { arrayLiteral } from '../../src/ingest/postgres-array';
import { useFreshDatabase } from './support/database';
import { daysAgo, inbound, newAccount, newBot } from './support/factories';
import { ingestPipeline } from './support/ingest';

/** The ingest writes its array parameters itself (postgres-array.ts): PostgreSQL must read back what was meant. */
describe("The ingest's array parameters on PostgreSQL", () => {
  const db = useFreshDatabase();

  async function roundTrip(type: string, values: unknown[]): Promise<unknown> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const literal = arrayLiteral(values);
      expect(typeof literal).toBe('string');
      const { rows } = await client.query(`SELECT $1::${type} AS v`, [literal]);
      return rows[0].v;
    } finally {
      await client.end();
    }
  }

  it('reads back texts with quotes, backslashes, braces, commas, blanks, NULL-like words and other scripts', async () => {
    const texts = [
      'plain',
      '',
      'NULL',
      'null',
      '  leading and trailing  ',
      'a,b',
      '{braces}',
      'say "hi"',
      'back\\slash \\" both',
      'line\nbreak\ttab',
      'Привет, мир 👋',
      '\\',
      '"',
      null,
    ];
    expect(await roundTrip('text[]', texts)).toEqual(texts);
  });

  it('reads back uuids, numbers, booleans and instants', async () => {
    const ids = ['00000000-0000-0000-0000-000000000001', null, 'f47ac10b-58cc-4372-a567-0e02b2c3d479'];
    expect(await roundTrip('uuid[]', ids)).toEqual(ids);
    expect(await roundTrip('int[]', [0, -7, 2147483647, null])).toEqual([0, -7, 2147483647, null]);
    expect(await roundTrip('boolean[]', [true, false, null])).toEqual([true, false, null]);
    const instants = [new Date('2026-11-27T23:59:59.123Z'), new Date('2026-01-01T00:00:00.000Z')];
    expect(await roundTrip('timestamptz[]', instants)).toEqual(instants);
    expect(await roundTrip('text[]', [])).toEqual([]);
  });

  it('leaves arrays of other kinds of element to the driver', () => {
    const nested = [['a'], ['b']];
    expect(arrayLiteral(nested)).toBe(nested);
    const odd = [Number.NaN];
    expect(arrayLiteral(odd)).toBe(odd);
  });

  it("keeps each message's raw copy with its own row, none where there is none, line breaks and all", async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const at = daysAgo(0);
    const withNone = { ...inbound('303', 'no copy', at), raw: null };
    const facts = [
      inbound('101', 'first\nsecond line', at),
      withNone,
      inbound('202', 'quote " and \\ and \u2028', at),
      { ...inbound('404', 'last has none', at), raw: undefined },
    ];
    await ingestPipeline(db).writer.write(bot, facts);

    const rows = await db.dataSource.query(
      `SELECT m.external_user_id, m.text, r.raw_json
         FROM messages m LEFT JOIN message_raws r ON r.message_id = m.id AND r.created_at = m.created_at
        WHERE m.bot_id = $1 ORDER BY m.external_user_id`,
      [bot.id],
    );
    expect(rows).toEqual([
      { external_user_id: '101', text: 'first\nsecond line', raw_json: { text: 'first\nsecond line' } },
      { external_user_id: '202', text: 'quote " and \\ and \u2028', raw_json: { text: 'quote " and \\ and \u2028' } },
      { external_user_id: '303', text: 'no copy', raw_json: null },
      { external_user_id: '404', text: 'last has none', raw_json: null },
    ]);
  });
});
