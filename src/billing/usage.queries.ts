import { DataSource } from 'typeorm';

/** The first day of the current UTC month, as the `month` key of usage_months. */
export function currentMonth(now = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * SQL for the messages of an account's bots in daily_stats from a month on: what a usage_months row
 * starts from, so a plan capped mid-month counts what is already recorded. `account` and `month` are
 * SQL expressions (a column or a parameter).
 */
export function recordedSinceSql(account: string, month: string): string {
  return `(SELECT COALESCE(sum(ds.messages_in + ds.messages_out), 0)::int
             FROM bots b JOIN daily_stats ds ON ds.bot_id = b.id AND ds.day >= ${month}::date
            WHERE b.user_id = ${account})`;
}

/**
 * Messages recorded this UTC month for each account: on a capped plan the usage_months counter the cap
 * keeps (exactly what it allowed), else the sum of the account's bots' daily_stats for the month.
 */
export async function messagesThisMonth(db: DataSource, accountIds: string[]): Promise<Map<string, number>> {
  if (!accountIds.length) return new Map();
  const rows: Array<{ user_id: string; messages: number }> = await db.query(
    `SELECT a.user_id,
            CASE WHEN t.capped AND um.messages IS NOT NULL THEN um.messages
                 ELSE ${recordedSinceSql('a.user_id', '$2')} END AS messages
       FROM unnest($1::uuid[]) AS a(user_id)
       LEFT JOIN users u ON u.id = a.user_id
       LEFT JOIN tariffs t ON t.code = u.tariff
       LEFT JOIN usage_months um ON um.user_id = a.user_id AND um.month = $2::date`,
    [accountIds, currentMonth()],
  );
  return new Map(rows.map((row) => [row.user_id, row.messages]));
}
