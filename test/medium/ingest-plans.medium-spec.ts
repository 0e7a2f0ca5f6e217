import { Client } from 'pg';
import { broadcastRepliesSql } from '../../src/ingest/broadcast-replies-statement';
import { KEYED_PLANS } from '../../src/ingest/pipelined-transaction';
import { retentionActivityStatement } from '../../src/ingest/retention-activity';
import { useFreshDatabase } from './support/database';

/**
 * The ingest prepares its statements that reach contacts by id. PostgreSQL makes a prepared statement's
 * generic plan once per connection, in the benchmark on tables still empty, and keeps it as they grow:
 * the ingest's planner settings must keep that plan on index probes.
 */
describe("The ingest's prepared statements on a young database", () => {
  const db = useFreshDatabase();

  async function genericPlan(options: string | undefined): Promise<string> {
    const client = new Client({ connectionString: db.url, options });
    await client.connect();
    try {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      const statement = retentionActivityStatement(
        [
          {
            botId: '00000000-0000-0000-0000-000000000001',
            contactId: '00000000-0000-0000-0000-000000000002',
            at: new Date(),
          },
        ],
        [{ botId: '00000000-0000-0000-0000-000000000001', contactId: '00000000-0000-0000-0000-000000000002' }],
      )!;
      await client.query(`PREPARE retention(uuid[], uuid[], timestamptz[], uuid[], uuid[]) AS ${statement.text}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE retention('{}', '{}', '{}', '{}', '{}')`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.end();
    }
  }

  it('probes contacts and contact_activity by their keys, where by default it would scan the empty tables', async () => {
    const keyed = await genericPlan(KEYED_PLANS);
    expect(keyed).toContain('Index Scan using contacts_pkey on contacts');
    expect(keyed).not.toMatch(/Seq Scan on (contacts|contact_activity)|Hash Join|Merge Join/);

    // The same statement without the settings: the plan the ingest would keep as the tables grow.
    expect(await genericPlan(undefined)).toMatch(/Seq Scan on (contacts|contact_activity)|Hash Join|Merge Join/);
  });

  it("probes a replying contact's broadcast recipients by the contact, never the whole index of sent rows", async () => {
    const client = new Client({ connectionString: db.url, options: KEYED_PLANS });
    await client.connect();
    try {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      await client.query(`PREPARE replies(uuid[], timestamptz[], int) AS ${broadcastRepliesSql()}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE replies('{}', '{}', 24)`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Cond: \(\(contact_id = d\.contact_id\)/);
      expect(plan).not.toMatch(/Seq Scan on broadcast_recipients|Hash Join|Merge Join/);
    } finally {
      await client.end();
    }
  });
});
