import { Pool } from 'pg';
import { RevenueQueries as NewQueries } from '../src/revenue/revenue.queries';
import { RevenueQueries as OldQueries } from '../../revenue-base/src/revenue/revenue.queries';

async function main() {
  const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/botlens_bench_revenue', max: 3 });
  const db = { query: async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows };
  const [{ id: botId }] = (await pool.query(`SELECT bot_id AS id FROM payments LIMIT 1`)).rows;
  const oldQ = new OldQueries(db as never);
  const newQ = new NewQueries(db as never);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const windows = [
    [day(-29), day(0)],
    [day(-6), day(0)],
    [day(-364), day(0)],
    [day(-200), day(-100)],
    [day(0), day(0)],
    [day(-60), day(-31)],
  ];
  const { rows: srcs } = await pool.query(
    `SELECT DISTINCT coalesce(m.source_value, c.source_value) AS s FROM source_rollups c LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value WHERE c.bot_id = $1 LIMIT 6`,
    [botId],
  );
  const sources: Array<string | null> = [null, 'Instagram', '— unmapped', ...srcs.map((r) => r.s)];
  let failures = 0;
  for (const [from, to] of windows)
    for (const source of sources) {
      const a = JSON.stringify(await oldQ.report(botId, { from, to }, source));
      const b = JSON.stringify(await newQ.report(botId, { from, to }, source));
      const same = a === b;
      if (!same) failures++;
      console.log(`${from}..${to} source=${source}: ${same ? 'same' : 'DIFFERENT'} (${a.length} bytes)`);
      if (!same) {
        const ao = JSON.parse(a), bo = JSON.parse(b);
        for (const k of Object.keys(ao)) if (JSON.stringify(ao[k]) !== JSON.stringify(bo[k])) console.log('  differs in', k, JSON.stringify(ao[k]).slice(0, 300), '\n  vs', JSON.stringify(bo[k]).slice(0, 300));
      }
    }
  console.log(failures ? `${failures} DIFFERENT` : 'all equal');
  await pool.end();
}
main();
