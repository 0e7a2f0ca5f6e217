import { compare } from './fact-batch';
import type { NewMessageRow } from './messages-statement';
import { PipelinedTransaction, planned } from './pipelined-transaction';

// Reply times (issue 27), in the ingest's transaction (fact-store.ts): each inbound message of a private dialog is
// answered by the first outbound message to that dialog after it (broadcasts answer nobody). The contact keeps the
// oldest inbound still waiting (`awaiting_since`); an answer gives every inbound from there up to itself its
// latency in `message_replies`, counted in the report's rollup `reply_time_counts` (per bot, day of the inbound
// message and latency bucket: `reply_time_bucket` of migration ReplyTimeCounts); the contacts' counters update
// (contacts-statements.ts) moves `awaiting_since` past it, in the same row version. One statement per batch with
// answers, whatever its size.

/** One dialog's view of the batch's new messages. */
interface DialogReplies {
  botId: string;
  contactId: string;
  externalUserId: string;
  /** The oldest new inbound message. */
  firstIn: Date | null;
  /** The newest answer (a non-broadcast outbound message). */
  lastOut: Date | null;
  /** The oldest new inbound message after lastOut: the dialog waits from it again. */
  firstInAfter: Date | null;
  /**
   * The answers that can be the first answer at or after an inbound message, oldest first: the oldest (it answers
   * what was waiting), the first at or after each new inbound message, and the newest. A bot that sends a
   * thousand messages into one chat in a batch joins the dialog's messages once or twice, not a thousand times.
   * Only an inbound message stored earlier yet dated after the batch's oldest answer (clocks disagreeing) could
   * be given a later answer of the batch than its first.
   */
  outs: Date[];
}

/** `broadcast(row)` tells the outbound rows that answer nobody. */
export function dialogReplies(messages: NewMessageRow[], broadcast: (row: NewMessageRow) => boolean): DialogReplies[] {
  const dialogs = new Map<string, DialogReplies>();
  for (const m of messages) {
    if (m.direction === 'out' && broadcast(m)) continue;
    let d = dialogs.get(m.contact_id);
    if (!d) {
      d = {
        botId: m.bot_id,
        contactId: m.contact_id,
        externalUserId: m.external_user_id,
        firstIn: null,
        lastOut: null,
        firstInAfter: null,
        outs: [],
      };
      dialogs.set(m.contact_id, d);
    }
    if (m.direction === 'in') {
      if (!d.firstIn || m.created_at < d.firstIn) d.firstIn = m.created_at;
    } else {
      d.outs.push(m.created_at);
      if (!d.lastOut || m.created_at > d.lastOut) d.lastOut = m.created_at;
    }
  }
  const inbound = new Map<string, Date[]>();
  for (const m of messages) {
    if (m.direction !== 'in') continue;
    const times = inbound.get(m.contact_id);
    if (times) times.push(m.created_at);
    else inbound.set(m.contact_id, [m.created_at]);
  }
  for (const d of dialogs.values()) {
    if (!d.lastOut) continue;
    const ins = inbound.get(d.contactId) ?? [];
    for (const at of ins) if (at > d.lastOut && (!d.firstInAfter || at < d.firstInAfter)) d.firstInAfter = at;
    d.outs = answersThatMatter(d.outs, ins);
  }
  // Contact order, as every other write on contacts here.
  return [...dialogs.values()].sort((a, b) => compare(a.contactId, b.contactId));
}

/** Of a dialog's answers, the oldest, the newest and the first at or after each inbound time, oldest first. */
function answersThatMatter(outs: Date[], ins: Date[]): Date[] {
  const sorted = [...outs].sort((a, b) => a.getTime() - b.getTime());
  if (sorted.length <= 2) return sorted;
  const kept = new Set([0, sorted.length - 1]);
  for (const at of ins) {
    const first = sorted.findIndex((out) => out >= at);
    if (first >= 0) kept.add(first);
  }
  return [...kept].sort((a, b) => a - b).map((i) => sorted[i]);
}

/**
 * Queues the latencies of the inbound messages the batch's answers answer (from the contact's `awaiting_since`, or its
 * oldest new inbound, up to each answer). Sent after the messages' insert and before the contacts' counters, which
 * move `awaiting_since`: it must read the wait as the batch found it.
 */
export function queueReplies(
  tx: PipelinedTransaction,
  dialogs: DialogReplies[],
  waitingSince: (contactId: string) => Date | null,
): void {
  // Only a dialog that waits (its contact's row, locked by this transaction) or got an inbound message now has
  // anything to answer: a bot's sends into a chat that waits for nothing cost no statement at all (the mirror's
  // batches: it was planned afresh per batch, ~4 ms of PostgreSQL, for no rows).
  const answered = dialogs.filter((d) => d.outs.length && (d.firstIn || waitingSince(d.contactId)));
  if (answered.length) {
    const answers = answered.flatMap((d) => d.outs.map((at) => ({ d, at })));
    // Each inbound message gets the first answer at or after it; inbound messages older than the oldest one
    // waiting are answered already. Planned per run: it joins messages on (bot_id, external_user_id).
    // The replies stored (not those another batch stored first) are counted in reply_time_counts by the same
    // statement, its keys in order so that two transactions lock shared counters in one order.
    tx.send(
      planned(
        `WITH stored AS (
           INSERT INTO message_replies (message_id, bot_id, inbound_at, latency_ms)
           SELECT DISTINCT ON (m.id) m.id, m.bot_id, m.created_at,
             LEAST(2147483647, GREATEST(0, round(EXTRACT(EPOCH FROM (a.at - m.created_at)) * 1000)))::int
           -- A dialog that waited for nothing and got no new message has nothing to answer: its messages are not read.
           -- The subquery is a fence (OFFSET 0): joined freely, the planner read a long chat's every message by
           -- (bot, user) and checked the contact after, 48,500 rows per batch of the mirror's sends into one chat.
           FROM (SELECT a.bot_id, a.external_user_id, a.at, LEAST(c.awaiting_since, a.since) AS waiting_from
                   FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])
                     AS a(bot_id, contact_id, external_user_id, since, at)
                   JOIN contacts c ON c.id = a.contact_id
                  WHERE LEAST(c.awaiting_since, a.since) IS NOT NULL
                 OFFSET 0) a
           JOIN messages m ON m.bot_id = a.bot_id AND m.external_user_id = a.external_user_id
             AND m.created_at >= a.waiting_from AND m.created_at <= a.at AND m.direction = 'in'
           ORDER BY m.id, a.at
           ON CONFLICT (message_id) DO NOTHING
           RETURNING bot_id, inbound_at, latency_ms)
         INSERT INTO reply_time_counts (bot_id, day, bucket_ms, replies)
         SELECT bot_id, (inbound_at AT TIME ZONE 'UTC')::date, reply_time_bucket(latency_ms), count(*)
           FROM stored GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
         ON CONFLICT (bot_id, day, bucket_ms) DO UPDATE SET replies = reply_time_counts.replies + EXCLUDED.replies`,
        [
          answers.map(({ d }) => d.botId),
          answers.map(({ d }) => d.contactId),
          answers.map(({ d }) => d.externalUserId),
          answers.map(({ d }) => d.firstIn?.toISOString() ?? null),
          answers.map(({ at }) => at.toISOString()),
        ],
      ),
    );
  }
}
