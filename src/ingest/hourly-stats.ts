import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { Queryable } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { prepared } from './pipelined-transaction';

/** What one batch adds to hourly_stats. */
export interface HourlyBatch {
  messages: Array<{ bot_id: string; created_at: Date }>;
  created: Array<{ bot_id: string; first_seen_at: Date }>;
  /** Per contact, its newest inbound message or button press of the batch. */
  seen: Map<string, Date>;
  /**
   * Each seen contact's bot and its last_seen_at before this batch, as read after the upsert locked it (so no
   * other writer moves it before this transaction ends); null for a contact not seen before.
   */
  before: Map<string, { bot_id: string; last_seen_at: Date | null }>;
}

const HOUR_MS = 3_600_000;

/**
 * The statement that keeps hourly_stats current, run in the ingest's transaction. Everything is counted in
 * JS: messages and new contacts per hour, and each seen contact's move from the hour of its last_seen_at
 * before the batch to the hour of GREATEST(last_seen_at, seen), as the contacts' update does. The statement
 * only adds the counts, in key order (two batches never deadlock on the counters), and joins nothing.
 */
export function hourlyStatsStatement(batch: HourlyBatch): QueryConfig | null {
  const counts = new Map<
    string,
    { botId: string; hour: number; messages: number; newContacts: number; seen: number }
  >();
  const entry = (botId: string, at: number) => {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const k = `${botId}|${hour}`;
    let c = counts.get(k);
    if (!c) counts.set(k, (c = { botId, hour, messages: 0, newContacts: 0, seen: 0 }));
    return c;
  };
  for (const m of batch.messages) entry(m.bot_id, m.created_at.getTime()).messages += 1;
  for (const c of batch.created) entry(c.bot_id, c.first_seen_at.getTime()).newContacts += 1;
  for (const [contactId, at] of batch.seen) {
    const before = batch.before.get(contactId);
    if (!before) throw new Error(`hourly_stats: contact ${contactId} was seen but not read before the batch`);
    const was = before.last_seen_at?.getTime() ?? null;
    const now = was === null ? at.getTime() : Math.max(was, at.getTime());
    if (was !== null && Math.floor(was / HOUR_MS) === Math.floor(now / HOUR_MS)) continue;
    if (was !== null) entry(before.bot_id, was).seen -= 1;
    entry(before.bot_id, now).seen += 1;
  }
  const rows = [...counts.values()].filter((r) => r.messages !== 0 || r.newContacts !== 0 || r.seen !== 0);
  if (!rows.length) return null;
  return prepared(
    `INSERT INTO hourly_stats AS h (bot_id, hour, messages, new_contacts, last_seen_contacts)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[]) ORDER BY 1, 2
     ON CONFLICT (bot_id, hour) DO UPDATE SET
       messages = h.messages + EXCLUDED.messages,
       new_contacts = h.new_contacts + EXCLUDED.new_contacts,
       last_seen_contacts = h.last_seen_contacts + EXCLUDED.last_seen_contacts`,
    [
      rows.map((r) => r.botId),
      rows.map((r) => new Date(r.hour).toISOString()),
      rows.map((r) => r.messages),
      rows.map((r) => r.newContacts),
      rows.map((r) => r.seen),
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
