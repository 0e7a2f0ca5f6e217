import { Injectable } from '@nestjs/common';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import type { Queryable } from '../database/sql';

/**
 * Erasure's side of the reply times (issue 27): a contact's `message_replies` and their counts in the rollup
 * `reply_time_counts` (written by the ingest, reply-statements.ts), so the health report reads as if the person
 * never wrote. Its own owner in the erasure rather than part of ContactsRepository's: the counters are locked
 * before hourly_stats' and the others', in the order the ingest locks them, and in key order, as the ingest does,
 * so an erasure and an ingest batch of the same bot never wait for each other in a cycle.
 */
@Injectable()
export class ReplyTimes implements ContactDataOwner {
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    // Counters taken to zero are deleted, as if never written; the others count down.
    await q.query(
      `WITH gone AS (
         DELETE FROM message_replies r USING messages m
          WHERE m.bot_id = $1 AND m.external_user_id = $2 AND m.contact_id = $3 AND m.direction = 'in'
            AND r.message_id = m.id
         RETURNING r.inbound_at, r.latency_ms
       ), per_bucket AS (
         SELECT (inbound_at AT TIME ZONE 'UTC')::date AS day, reply_time_bucket(latency_ms) AS bucket_ms, count(*) AS n
           FROM gone GROUP BY 1, 2
       ), locked AS (
         SELECT c.day, c.bucket_ms, c.replies, p.n FROM reply_time_counts c
           JOIN per_bucket p ON c.bot_id = $1 AND c.day = p.day AND c.bucket_ms = p.bucket_ms
          ORDER BY c.day, c.bucket_ms FOR UPDATE OF c
       ), emptied AS (
         DELETE FROM reply_time_counts c USING locked l
          WHERE c.bot_id = $1 AND c.day = l.day AND c.bucket_ms = l.bucket_ms AND l.replies <= l.n
       )
       UPDATE reply_time_counts c SET replies = c.replies - l.n FROM locked l
        WHERE c.bot_id = $1 AND c.day = l.day AND c.bucket_ms = l.bucket_ms AND l.replies > l.n`,
      [botId, key.externalUserId, key.id],
    );
  }
}
