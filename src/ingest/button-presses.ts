import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import { Queryable } from '../database/sql';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import type { ButtonPressFact } from './facts';
import { planned } from './pipelined-transaction';

export interface BotPress {
  botId: string;
  fact: ButtonPressFact;
}

/** A press the insert stored, with its contact: what the rollup counts. */
export interface StoredPress {
  botId: string;
  contactId: string;
  data: string;
  at: Date;
}

/** What the insert answers for each press it stored (a press seen before is not among them). */
export interface InsertedPressRow {
  id: string;
  bot_id: string;
  contact_id: string;
  dedupe_key: string;
}

/**
 * The owner of `button_presses` and of the buttons report's rollup (button_day_presses,
 * button_contact_days, button_day_contacts; see migrations/1795402041600-ButtonRollup.ts). The ingest
 * writes presses and then the rollup of those it stored with the other facts, in its own pipelined
 * transaction (`insertStatement`, `rollupStatement`); erasure deletes a contact's presses and takes them
 * out of the rollup in the caller's transaction. Reports read the tables through their query objects.
 */
@Injectable()
export class ButtonPresses implements ContactDataOwner {
  /**
   * One statement for the batch's presses (each with the contact the same transaction just upserted),
   * once per (bot, dedupe key): the contract's exactly-once, like messages. Key order, as every write of
   * the ingest, so concurrent batches never wait on each other in a cycle.
   */
  static insertStatement(unsorted: BotPress[]): QueryConfig {
    const presses = [...unsorted].sort(
      (a, b) => compare(a.botId, b.botId) || compare(a.fact.dedupeKey, b.fact.dedupeKey),
    );
    return planned(
      `INSERT INTO button_presses (bot_id, contact_id, external_user_id, data, dedupe_key, created_at)
       SELECT d.bot_id, c.id, d.external_user_id, d.data, d.dedupe_key, d.created_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY
         AS d(bot_id, external_user_id, data, dedupe_key, created_at, position)
       JOIN contacts c ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id
       ORDER BY d.position
       ON CONFLICT (bot_id, dedupe_key) DO NOTHING
       RETURNING id, bot_id, contact_id, dedupe_key`,
      [
        presses.map((p) => p.botId),
        presses.map((p) => p.fact.externalUserId),
        presses.map((p) => p.fact.data),
        presses.map((p) => p.fact.dedupeKey),
        presses.map((p) => p.fact.at.toISOString()),
      ],
    );
  }

  /**
   * Adds the presses the insert stored (none seen before: the insert's RETURNING) to the rollup: their
   * per-day counters, the contacts' new press days, and the (day, previous day) counters of each
   * contact and data value the batch gave a new day, recounted from its days before and after (a window
   * function over a handful of rows), so a batch with several days of one contact, in any order, counts
   * right. The contact's row, locked by the batch's upsert until commit, keeps two batches of one contact
   * from interleaving (each statement reads what the other committed). Counters in key order, as every
   * write of the ingest. Null when the batch stored no press: message-only batches pay nothing.
   */
  static rollupStatement(stored: StoredPress[]): QueryConfig | null {
    if (!stored.length) return null;
    return planned(
      `WITH pressed AS (
         SELECT bot_id, contact_id, data, (at AT TIME ZONE 'UTC')::date AS day
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) AS p(bot_id, contact_id, data, at)
       ),
       counted AS (
         INSERT INTO button_day_presses AS t (bot_id, day, data, presses)
         SELECT bot_id, day, data, count(*) FROM pressed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (bot_id, day, data) DO UPDATE SET presses = t.presses + EXCLUDED.presses
       ),
       -- The days before this statement of each pressed value (the statement's snapshot: the contact's row,
       -- locked by the batch, keeps another batch of the contact from writing days meanwhile).
       before AS (
         SELECT d.bot_id, d.contact_id, d.data, d.day, d.previous_day
           FROM (SELECT DISTINCT bot_id, contact_id, data FROM pressed) g
           JOIN button_contact_days d ON d.bot_id = g.bot_id AND d.contact_id = g.contact_id AND d.data = g.data
       ),
       new_days AS (
         SELECT DISTINCT p.bot_id, p.contact_id, p.data, p.day
           FROM pressed p
          WHERE NOT EXISTS (SELECT 1 FROM before b WHERE b.bot_id = p.bot_id AND b.contact_id = p.contact_id
                                                     AND b.data = p.data AND b.day = p.day)
       ),
       -- Every day of the values that got a new one, with its previous day once the new days are in.
       after AS (
         SELECT bot_id, contact_id, data, day,
                coalesce(lag(day) OVER (PARTITION BY bot_id, contact_id, data ORDER BY day), '-infinity') AS previous_day
           FROM (SELECT bot_id, contact_id, data, day FROM before
                  WHERE (bot_id, contact_id, data) IN (SELECT bot_id, contact_id, data FROM new_days)
                 UNION ALL
                 SELECT bot_id, contact_id, data, day FROM new_days) AS d
       ),
       added AS (
         INSERT INTO button_contact_days (bot_id, contact_id, data, day, previous_day)
         SELECT a.bot_id, a.contact_id, a.data, a.day, a.previous_day
           FROM after a
          WHERE (a.bot_id, a.contact_id, a.data, a.day) IN (SELECT bot_id, contact_id, data, day FROM new_days)
          ORDER BY 1, 2, 3, 4
         ON CONFLICT DO NOTHING
         RETURNING bot_id, contact_id, data, day
       ),
       -- A known day after a new one (a press delivered late) now follows that one.
       moved AS (
         UPDATE button_contact_days d SET previous_day = a.previous_day
           FROM after a JOIN before b USING (bot_id, contact_id, data, day)
          WHERE a.previous_day <> b.previous_day
            AND d.bot_id = a.bot_id AND d.contact_id = a.contact_id AND d.data = a.data AND d.day = a.day
       ),
       -- The days before this statement of the values that got a new one (a CTE's snapshot does not see "added").
       known AS (
         SELECT b.bot_id, b.contact_id, b.data, b.day
           FROM before b
          WHERE (b.bot_id, b.contact_id, b.data) IN (SELECT bot_id, contact_id, data FROM added)
       ),
       steps AS (
         SELECT bot_id, day, data, lag(day) OVER w AS previous_day, -1 AS delta FROM known
         WINDOW w AS (PARTITION BY bot_id, contact_id, data ORDER BY day)
         UNION ALL
         SELECT bot_id, day, data, lag(day) OVER w, 1
           FROM (SELECT * FROM known UNION ALL SELECT * FROM added) AS d
         WINDOW w AS (PARTITION BY bot_id, contact_id, data ORDER BY day)
       )
       INSERT INTO button_day_contacts AS t (bot_id, day, data, previous_day, contacts)
       SELECT bot_id, day, data, coalesce(previous_day, '-infinity'), sum(delta)
         FROM steps
        GROUP BY 1, 2, 3, 4
       HAVING sum(delta) <> 0
        ORDER BY 1, 2, 3, 4
       ON CONFLICT (bot_id, day, data, previous_day) DO UPDATE SET contacts = t.contacts + EXCLUDED.contacts`,
      [
        stored.map((p) => p.botId),
        stored.map((p) => p.contactId),
        stored.map((p) => p.data),
        stored.map((p) => p.at.toISOString()),
      ],
    );
  }

  /**
   * Deletes one contact's presses (contact erasure) and takes them out of the rollup, in the caller's
   * transaction; counters that reach zero go, so the rollup is as if the contact never pressed.
   */
  async eraseContact(q: Queryable, botId: string, key: ContactKey): Promise<void> {
    await q.query(
      `WITH gone AS (
         DELETE FROM button_presses WHERE bot_id = $1 AND contact_id = $2 RETURNING data, created_at
       ), per_day AS (
         SELECT (created_at AT TIME ZONE 'UTC')::date AS day, data, count(*) AS n FROM gone GROUP BY 1, 2
       )
       UPDATE button_day_presses t SET presses = t.presses - p.n
         FROM per_day p WHERE t.bot_id = $1 AND t.day = p.day AND t.data = p.data`,
      [botId, key.id],
    );
    await q.query(
      `WITH gone AS (
         DELETE FROM button_contact_days WHERE bot_id = $1 AND contact_id = $2 RETURNING data, day
       ), steps AS (
         SELECT day, data, coalesce(lag(day) OVER (PARTITION BY data ORDER BY day), '-infinity') AS previous_day
           FROM gone
       )
       UPDATE button_day_contacts t SET contacts = t.contacts - s.n
         FROM (SELECT day, data, previous_day, count(*) AS n FROM steps GROUP BY 1, 2, 3) s
        WHERE t.bot_id = $1 AND t.day = s.day AND t.data = s.data AND t.previous_day = s.previous_day`,
      [botId, key.id],
    );
    await q.query(`DELETE FROM button_day_presses WHERE bot_id = $1 AND presses = 0`, [botId]);
    await q.query(`DELETE FROM button_day_contacts WHERE bot_id = $1 AND contacts = 0`, [botId]);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
