import { DataSource } from 'typeorm';

/** The first day of the current UTC month, as the `month` key of usage_months. */
export function currentMonth(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Messages recorded this UTC month for each account: the usage_months counter where the cap keeps one
 * (capped plans), else the sum of the account's bots' daily_stats for the month.
 */
export async function messagesThisMonth(db: DataSource, accountIds: string[]): Promise<Map<string, number>> {
  if (!accountIds.length) return new Map();
  const rows: Array<{ user_id: string; messages: number }> = await db.query(
    `SELECT a.user_id,
            COALESCE(um.messages,
              (SELECT COALESCE(sum(ds.messages_in + ds.messages_out), 0)::int
                 FROM bots b JOIN daily_stats ds ON ds.bot_id = b.id AND ds.day >= $2::date
                WHERE b.user_id = a.user_id)) AS messages
       FROM unnest($1::uuid[]) AS a(user_id)
       LEFT JOIN usage_months um ON um.user_id = a.user_id AND um.month = $2::date`,
    [accountIds, currentMonth()],
  );
  return new Map(rows.map((row) => [row.user_id, row.messages]));
}
