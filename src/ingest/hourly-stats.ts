import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { Queryable } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../erasure/contact-key';
import { planned } from './pipelined-transaction';

/** What one batch adds to hourly_stats, before the contacts' last_seen_at are moved on. */
export interface HourlyBatch {
  messages: Array<{ bot_id: string; created_at: Date }>;
  created: Array<{ bot_id: string; first_seen_at: Date }>;
  /** Per contact, its newest inbound message or button press of the batch. */
  seen: Map<string, Date>;
}

const HOUR_MS = 3_600_000;

/**
 * The statement that keeps hourly_stats current, run in the ingest's transaction after the contacts are
 * upserted (so locked) and BEFORE their last_seen_at is updated: it reads each seen contact's last_seen_at
 * and moves the contact's count from that hour to the hour of GREATEST(last_seen_at, seen), as the update
 * that follows will. Messages and new contacts are counted in JS and added by the same statement, in key
 * order (two batches never deadlock on the counters).
 */
export function hourlyStatsStatement(batch: HourlyBatch): QueryConfig | null {
  const counts = new Map<string, { botId: string; hour: string; messages: number; newContacts: number }>();
  const entry = (botId: string, at: Date) => {
    const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const k = `${botId}|${hour}`;
    let c = counts.get(k);
    if (!c) counts.set(k, (c = { botId, hour, messages: 0, newContacts: 0 }));
    return c;
  };
  for (const m of batch.messages) entry(m.bot_id, m.created_at).messages += 1;
  for (const c of batch.created) entry(c.bot_id, c.first_seen_at).newContacts += 1;
  if (!counts.size && !batch.seen.size) return null;
  const rows = [...counts.values()];
  const seen = [...batch.seen];
  return planned(
    `WITH moved AS (
       SELECT c.bot_id, date_trunc('hour', c.last_seen_at, 'UTC') AS was_hour,
              date_trunc('hour', GREATEST(c.last_seen_at, s.at), 'UTC') AS seen_hour
         FROM unnest($5::uuid[], $6::timestamptz[]) AS s(contact_id, at)
         JOIN contacts c ON c.id = s.contact_id
     ),
     deltas AS (
       SELECT bot_id, hour, messages, new_contacts, 0 AS last_seen_contacts
         FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[]) AS d(bot_id, hour, messages, new_contacts)
       UNION ALL
       SELECT bot_id, was_hour, 0, 0, -1 FROM moved WHERE was_hour <> seen_hour
       UNION ALL
       SELECT bot_id, seen_hour, 0, 0, 1 FROM moved WHERE was_hour IS DISTINCT FROM seen_hour
     )
     INSERT INTO hourly_stats AS h (bot_id, hour, messages, new_contacts, last_seen_contacts)
     SELECT bot_id, hour, sum(messages), sum(new_contacts), sum(last_seen_contacts)
       FROM deltas
      GROUP BY 1, 2
     HAVING sum(messages) <> 0 OR sum(new_contacts) <> 0 OR sum(last_seen_contacts) <> 0
      ORDER BY 1, 2
     ON CONFLICT (bot_id, hour) DO UPDATE SET
       messages = h.messages + EXCLUDED.messages,
       new_contacts = h.new_contacts + EXCLUDED.new_contacts,
       last_seen_contacts = h.last_seen_contacts + EXCLUDED.last_seen_contacts`,
    [
      rows.map((r) => r.botId),
      rows.map((r) => r.hour),
      rows.map((r) => r.messages),
      rows.map((r) => r.newContacts),
      seen.map(([contactId]) => contactId),
      seen.map(([, at]) => at.toISOString()),
    ],
  );
}

/** The owner of hourly_stats; the ingest writes it with the statement above. */
@Injectable()
export class HourlyStats implements ContactDataOwner {
  /**
   * Takes one contact out of hourly_stats: its messages, its first and its last-seen hour. Run it in the
   * erasing transaction before the contact's messages and row are deleted; rows left all zero go.
   */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `WITH deltas AS (
         SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS messages, 0 AS new_contacts, 0 AS last_seen_contacts
           FROM messages WHERE bot_id = $1 AND external_user_id = $2 AND contact_id = $3
         UNION ALL
         SELECT date_trunc('hour', first_seen_at, 'UTC'), 0, 1, 0 FROM contacts WHERE id = $3
         UNION ALL
         SELECT date_trunc('hour', last_seen_at, 'UTC'), 0, 0, 1 FROM contacts WHERE id = $3 AND last_seen_at IS NOT NULL
       ),
       per_hour AS (
         SELECT hour, sum(messages) AS messages, sum(new_contacts) AS new_contacts,
                sum(last_seen_contacts) AS last_seen_contacts
           FROM deltas GROUP BY 1
       )
       UPDATE hourly_stats h SET messages = h.messages - p.messages, new_contacts = h.new_contacts - p.new_contacts,
              last_seen_contacts = h.last_seen_contacts - p.last_seen_contacts
         FROM per_hour p WHERE h.bot_id = $1 AND h.hour = p.hour`,
      [botId, key.externalUserId, key.id],
    );
    await q.query(
      `DELETE FROM hourly_stats WHERE bot_id = $1 AND messages = 0 AND new_contacts = 0 AND last_seen_contacts = 0`,
      [botId],
    );
  }
}
