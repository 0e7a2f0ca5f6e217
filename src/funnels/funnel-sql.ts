/**
 * SQL shared by live maintenance and backfill, so a message counts for a stage by one definition only.
 */

/**
 * True when message `m` (columns `id`, `text`) satisfies the stage condition `k` (a funnel_stage_keys
 * row: `type`, `match`, `value`, `folded`, `bot_id`). Text compares funnel_fold()ed (trimmed, lower-cased)
 * text; a command is the whole text or its first word before a space or `@`; an intent stage needs a
 * stored match of the bot's intent of that name.
 */
export function stageMatchesSql(k: string, m: string): string {
  return `CASE ${k}.type
      WHEN 'command' THEN (${m}.text = ${k}.value OR starts_with(${m}.text, ${k}.value || ' ') OR starts_with(${m}.text, ${k}.value || '@'))
      WHEN 'text' THEN CASE ${k}.match
        WHEN 'exact' THEN funnel_fold(${m}.text) = ${k}.folded
        ELSE strpos(funnel_fold(${m}.text), ${k}.folded) > 0 END
      WHEN 'intent' THEN EXISTS (
        SELECT 1 FROM message_intents mi JOIN intents i ON i.id = mi.intent_id
         WHERE mi.message_id = ${m}.id AND i.bot_id = ${k}.bot_id AND i.name = ${k}.value)
    END`;
}

/**
 * True when press `p` (column `data`) satisfies the button stage `k`: the data equals `value`, or
 * contains it, exactly (callback data is the bot's own code, so case and spaces count). Message stages
 * never match a press, nor a button stage a message (`stageMatchesSql` has no branch for it).
 */
export function pressMatchesSql(k: string, p: string): string {
  return `(${k}.type = 'button' AND CASE ${k}.match
      WHEN 'contains' THEN strpos(${p}.data, ${k}.value) > 0
      ELSE ${p}.data = ${k}.value END)`;
}

/**
 * True when payment `p` (column `payload`) satisfies the payment stage `k`: its invoice payload starts with
 * `value`, exactly (an empty `value`, a stage without a prefix, takes every payment). Refunded or not: paying is
 * the step, whatever happened to the money after.
 */
export function paymentMatchesSql(k: string, p: string): string {
  return `(${k}.type = 'payment' AND starts_with(coalesce(${p}.payload, ''), ${k}.value))`;
}

/**
 * Serialises, per bot, everything that changes its reach rows' counters: live flushes, config edits
 * and the end of a backfill. Held until the transaction ends; several bots are always locked in id order.
 */
export const LOCK_BOT_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('botlens:funnel:' || $1::text, 0))`;

/** Adds counter deltas given as a `deltas(bot_id, stage_key, source_value, n)` relation, in key order so concurrent writers cannot deadlock. */
export const ADD_COUNTS_SQL = `
  INSERT INTO funnel_stage_counts AS c (bot_id, stage_key, source_value, reached)
  SELECT bot_id, stage_key, source_value, sum(n) FROM deltas GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (bot_id, stage_key, source_value) DO UPDATE SET reached = c.reached + EXCLUDED.reached`;
