import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, selectOne } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';

/**
 * What other modules ask of `contacts` (the fact store writes the rest): the id of a bot's user, a blocked bot,
 * and erasing a contact with its facts.
 */
@Injectable()
export class ContactsRepository implements ContactDataOwner {
  constructor(private readonly db: DataSource) {}

  async idOf(botId: string, externalUserId: string): Promise<string | null> {
    const row = await selectOne<{ id: string }>(
      this.db,
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $2`,
      [botId, externalUserId],
    );
    return row?.id ?? null;
  }

  async markBlocked(contactId: string): Promise<void> {
    await this.db.query(`UPDATE contacts SET blocked_at = now() WHERE id = $1`, [contactId]);
  }

  /** Locks the contact's row, so an ingest batch touching it finishes first (or waits for the erasure). */
  async lockForErasure(q: Queryable, botId: string, externalUserId: string): Promise<ContactKey | null> {
    const row = await selectOne<{ id: string }>(
      q,
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $2 FOR UPDATE`,
      [botId, externalUserId],
    );
    return row && { id: row.id, externalUserId };
  }

  /**
   * Erasure's step before the retention rollup: locks the daily_stats, source_rollups and source_days rows eraseContact will
   * count down, in key order. The ingest locks them before the retention rollup's; an erasure that took
   * retention_counts first could wait for a batch of the same bot that waits for it.
   */
  readonly counterLocks: ContactDataOwner = {
    eraseContact: async (q, botId, key) => {
      await q.query(
        `SELECT 1 FROM daily_stats
          WHERE bot_id = $1 AND day IN (
                SELECT (created_at AT TIME ZONE 'UTC')::date FROM messages
                 WHERE bot_id = $1 AND external_user_id = $2 AND contact_id = $3
                UNION SELECT (first_seen_at AT TIME ZONE 'UTC')::date FROM contacts WHERE id = $3)
          ORDER BY day FOR UPDATE`,
        [botId, key.externalUserId, key.id],
      );
      await q.query(
        `SELECT 1 FROM source_rollups
          WHERE bot_id = $1 AND (source_value, campaign_name) IN (
                SELECT coalesce(source_value, ''),
                       CASE WHEN source_value IS NULL THEN '' ELSE coalesce(campaign_name, '') END
                  FROM touches WHERE contact_id = $2
                UNION SELECT source_value, coalesce(campaign_name, '') FROM contacts
                 WHERE id = $2 AND source_value IS NOT NULL)
          ORDER BY source_value, campaign_name FOR UPDATE`,
        [botId, key.id],
      );
      await q.query(
        `SELECT 1 FROM source_days s JOIN contacts c ON c.id = $2
          WHERE c.source_value IS NOT NULL AND s.bot_id = $1
            AND s.day = (c.first_seen_at AT TIME ZONE 'UTC')::date AND s.source_value = c.source_value
            AND s.campaign_name = coalesce(c.campaign_name, '')
          FOR UPDATE OF s`,
        [botId, key.id],
      );
    },
  };

  /**
   * Deletes the contact, its messages (with their raw copies and reply times) and touches, and takes them out of
   * the rollups the reports read (daily_stats, source_rollups, source_days) exactly as the fact store added them; rollup rows
   * left all zero go, as if never written.
   */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `WITH gone AS (
         DELETE FROM messages WHERE bot_id = $1 AND external_user_id = $2 AND contact_id = $3
         RETURNING id, created_at, direction
       ), raws AS (
         DELETE FROM message_raws WHERE (message_id, created_at) IN (SELECT id, created_at FROM gone)
       ), replies AS (
         -- No foreign key to the partitioned messages to cascade along (MessagePartitions migration).
         DELETE FROM message_replies WHERE message_id IN (SELECT id FROM gone)
       ), per_day AS (
         SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
                count(*) FILTER (WHERE direction = 'in') AS n_in, count(*) FILTER (WHERE direction = 'out') AS n_out
           FROM gone GROUP BY 1
       )
       UPDATE daily_stats s SET messages_in = s.messages_in - p.n_in, messages_out = s.messages_out - p.n_out
         FROM per_day p WHERE s.bot_id = $1 AND s.day = p.day`,
      [botId, key.externalUserId, key.id],
    );
    // Touches count under their own parsed source; the contact under the source it was attributed to.
    await q.query(
      `WITH gone AS (
         DELETE FROM touches WHERE contact_id = $2 RETURNING source_value, campaign_name
       ), per_source AS (
         SELECT coalesce(source_value, '') AS source_value,
                CASE WHEN source_value IS NULL THEN '' ELSE coalesce(campaign_name, '') END AS campaign_name,
                count(*) AS n
           FROM gone GROUP BY 1, 2
       )
       UPDATE source_rollups r SET touches = r.touches - p.n
         FROM per_source p
        WHERE r.bot_id = $1 AND r.source_value = p.source_value AND r.campaign_name = p.campaign_name`,
      [botId, key.id],
    );
    await q.query(
      `WITH gone AS (
         DELETE FROM contacts WHERE id = $2 AND bot_id = $1 RETURNING first_seen_at, source_value, campaign_name
       ), attributed AS (
         UPDATE source_rollups r SET contacts_count = r.contacts_count - 1
           FROM gone g
          WHERE g.source_value IS NOT NULL
            AND r.bot_id = $1 AND r.source_value = g.source_value AND r.campaign_name = coalesce(g.campaign_name, '')
       ), attributed_day AS (
         UPDATE source_days s SET contacts = s.contacts - 1
           FROM gone g
          WHERE g.source_value IS NOT NULL
            AND s.bot_id = $1 AND s.day = (g.first_seen_at AT TIME ZONE 'UTC')::date AND s.source_value = g.source_value
            AND s.campaign_name = coalesce(g.campaign_name, '')
       )
       UPDATE daily_stats s SET new_contacts = s.new_contacts - 1
         FROM gone g WHERE s.bot_id = $1 AND s.day = (g.first_seen_at AT TIME ZONE 'UTC')::date`,
      [botId, key.id],
    );
    await q.query(
      `DELETE FROM daily_stats WHERE bot_id = $1 AND messages_in = 0 AND messages_out = 0 AND new_contacts = 0`,
      [botId],
    );
    await q.query(`DELETE FROM source_rollups WHERE bot_id = $1 AND contacts_count = 0 AND touches = 0`, [botId]);
    await q.query(`DELETE FROM source_days WHERE bot_id = $1 AND contacts = 0`, [botId]);
  }
}
