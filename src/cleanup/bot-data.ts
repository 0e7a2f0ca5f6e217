/**
 * Every table that holds a bot's data, in the order the cleanup empties them: rows that point at other
 * rows of the bot go before those rows. `rows` selects the bot's rows (`$1` is the bot id) along an
 * index, so each batch is a short statement. Tables reached only through a cascade are named in
 * comments; deleting the bot row itself cascades to anything a future table adds.
 */
export interface BotDataTable {
  table: string;
  rows: string;
  /**
   * What `rows` selects to name a row, when not its `ctid`: a partitioned table's ctids repeat from partition to
   * partition, so its rows are named by their key.
   */
  key?: string;
  /** Rows per statement when the default would be too heavy. */
  batch?: number;
}

const OF_BOT = (table: string): BotDataTable => ({ table, rows: `SELECT ctid FROM ${table} WHERE bot_id = $1` });

export const BOT_DATA: readonly BotDataTable[] = [
  // Neither has an index on bot_id: they are reached through their parents' keys.
  {
    table: 'message_intents',
    rows: `SELECT ctid FROM message_intents WHERE intent_id IN (SELECT id FROM intents WHERE bot_id = $1)`,
  },
  {
    table: 'broadcast_recipients',
    rows: `SELECT ctid FROM broadcast_recipients WHERE broadcast_id IN (SELECT id FROM broadcasts WHERE bot_id = $1)`,
  },
  // A file is up to 50 MB.
  {
    table: 'broadcast_files',
    rows: `SELECT ctid FROM broadcast_files WHERE broadcast_id IN (SELECT id FROM broadcasts WHERE bot_id = $1)`,
    batch: 20,
  },
  OF_BOT('broadcasts'),
  // Clicks have no index on bot_id: they are reached through their links.
  {
    table: 'clicks',
    rows: `SELECT ctid FROM clicks WHERE link_id IN (SELECT id FROM links WHERE bot_id = $1)`,
  },
  OF_BOT('links'),
  OF_BOT('funnel_reach'),
  OF_BOT('funnel_stage_counts'),
  OF_BOT('funnel_stage_keys'),
  OF_BOT('funnel_stages'),
  OF_BOT('contact_activity'),
  // Reply times point at their inbound messages (no foreign key: messages are partitioned).
  OF_BOT('message_replies'),
  OF_BOT('reply_time_counts'),
  // Partitioned by month: named by their keys.
  {
    table: 'message_raws',
    rows: `SELECT message_id, created_at FROM message_raws WHERE bot_id = $1`,
    key: '(message_id, created_at)',
  },
  { table: 'messages', rows: `SELECT id, created_at FROM messages WHERE bot_id = $1`, key: '(id, created_at)' },
  OF_BOT('button_presses'),
  OF_BOT('button_contact_days'),
  OF_BOT('button_day_contacts'),
  OF_BOT('button_day_presses'),
  OF_BOT('payments'),
  OF_BOT('revenue_days'),
  OF_BOT('revenue_payload_days'),
  OF_BOT('revenue_cohorts'),
  // Each contact takes its touches with it (cascade along touches_by_contact).
  OF_BOT('contacts'),
  OF_BOT('held_updates'),
  OF_BOT('held_update_cursors'),
  OF_BOT('daily_stats'),
  OF_BOT('hourly_stats'),
  OF_BOT('source_rollups'),
  OF_BOT('source_days'),
  OF_BOT('retention_counts'),
  OF_BOT('retention_totals'),
  OF_BOT('source_mappings'),
  OF_BOT('intents'),
  OF_BOT('platform_errors'),
  OF_BOT('target_failures'),
  OF_BOT('bot_polls'),
  OF_BOT('bot_alerts'),
  // Subscriptions to this bot only; their delivery logs (at most 50 each) cascade.
  OF_BOT('webhook_subscriptions'),
];
