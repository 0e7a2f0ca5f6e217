import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { Queryable } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { prepared } from './pipelined-transaction';

/** A contact seen at `at`: its first appearance, or an inbound message. */
export interface ContactSeen {
  botId: string;
  contactId: string;
  at: Date;
}

/** A contact the batch attributed to a source for the first time (it had none). */
export interface ContactAttributed {
  botId: string;
  contactId: string;
}

/**
 * The statement that keeps the retention rollup (contact_activity, retention_counts, retention_totals) current, run in
 * the ingest's transaction after the contacts' counters and attribution are updated. A contact's row
 * per period is inserted once (ON CONFLICT DO NOTHING), and only rows that were new are counted, under
 * the period of the contact's first appearance (its cohort) and its raw source. Contacts the batch
 * attributed move their earlier rows' counts from '' to their source in the same statement, so the
 * counters of one batch are updated in key order by one INSERT (two batches never deadlock on them).
 * The new rows also count in retention_totals (all sources together; an attribution does not move them):
 * that INSERT is a CTE the statement does not read, so it runs after the main one, and every writer takes
 * retention_counts before retention_totals.
 * Activity before a contact's first period (a back-dated message arriving late) has no cohort column.
 */
export function retentionActivityStatement(seen: ContactSeen[], attributed: ContactAttributed[]): QueryConfig | null {
  if (!seen.length && !attributed.length) return null;
  // Reaches contacts by id and contact_activity by its key: a prepared plan stays on index probes (KEYED_PLANS).
  return prepared(
    `WITH seen AS (
       SELECT DISTINCT d.bot_id, d.contact_id, p.period,
              date_trunc(p.period, d.at AT TIME ZONE 'UTC')::date AS active_start,
              date_trunc(p.period, c.first_seen_at AT TIME ZONE 'UTC')::date AS cohort_start
         FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS d(bot_id, contact_id, at)
         JOIN contacts c ON c.id = d.contact_id
        CROSS JOIN (VALUES ('day'), ('week')) AS p(period)
     ),
     added AS (
       INSERT INTO contact_activity (bot_id, contact_id, period, active_start, cohort_start)
       SELECT bot_id, contact_id, period, active_start, cohort_start
         FROM seen WHERE active_start >= cohort_start
        ORDER BY 1, 2, 3, 4
       ON CONFLICT DO NOTHING
       RETURNING bot_id, contact_id, period, cohort_start, active_start
     ),
     totals AS (
       INSERT INTO retention_totals AS t (bot_id, period, cohort_start, active_start, contacts)
       SELECT bot_id, period, cohort_start, active_start, count(*)
         FROM added
        GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3, 4
       ON CONFLICT (bot_id, period, cohort_start, active_start) DO UPDATE SET contacts = t.contacts + EXCLUDED.contacts
     ),
     deltas AS (
       SELECT a.bot_id, a.period, a.cohort_start, a.active_start, coalesce(c.source_value, '') AS source_value, 1 AS delta
         FROM added a JOIN contacts c ON c.id = a.contact_id
       UNION ALL
       -- The rows before this statement (a CTE's snapshot does not see "added").
       SELECT a.bot_id, a.period, a.cohort_start, a.active_start, moved.source_value, moved.delta
         FROM unnest($4::uuid[], $5::uuid[]) AS n(bot_id, contact_id)
         JOIN contact_activity a ON a.bot_id = n.bot_id AND a.contact_id = n.contact_id
         JOIN contacts c ON c.id = n.contact_id
        CROSS JOIN LATERAL (VALUES ('', -1), (c.source_value, 1)) AS moved(source_value, delta)
     )
     INSERT INTO retention_counts AS r (bot_id, period, cohort_start, active_start, source_value, contacts)
     SELECT bot_id, period, cohort_start, active_start, source_value, sum(delta)
       FROM deltas
      GROUP BY 1, 2, 3, 4, 5
     HAVING sum(delta) <> 0
      ORDER BY 1, 2, 3, 4, 5
     ON CONFLICT (bot_id, period, cohort_start, active_start, source_value)
       DO UPDATE SET contacts = r.contacts + EXCLUDED.contacts`,
    [
      seen.map((s) => s.botId),
      seen.map((s) => s.contactId),
      seen.map((s) => s.at.toISOString()),
      attributed.map((a) => a.botId),
      attributed.map((a) => a.contactId),
    ],
  );
}

/** The owner of contact_activity, retention_counts and retention_totals; the ingest writes them with the statement above. */
@Injectable()
export class RetentionActivity implements ContactDataOwner {
  /**
   * Removes one contact from the retention rollup: its activity rows and what they added to the
   * counters. Run it in the erasing transaction before the contact's row is deleted (its source names
   * the counters).
   */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `WITH gone AS (
         DELETE FROM contact_activity WHERE bot_id = $1 AND contact_id = $2
         RETURNING period, cohort_start, active_start
       ),
       totals AS (
         UPDATE retention_totals t SET contacts = t.contacts - 1
           FROM gone
          WHERE t.bot_id = $1 AND t.period = gone.period AND t.cohort_start = gone.cohort_start
            AND t.active_start = gone.active_start
       )
       UPDATE retention_counts r SET contacts = r.contacts - 1
         FROM gone
        WHERE r.bot_id = $1 AND r.period = gone.period AND r.cohort_start = gone.cohort_start
          AND r.active_start = gone.active_start
          AND r.source_value = (SELECT coalesce(source_value, '') FROM contacts WHERE id = $2)`,
      [botId, key.id],
    );
  }
}
