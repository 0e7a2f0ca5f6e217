import type { NewMessageRow } from './messages-statement';
import { PipelinedTransaction, sendPrepared } from './pipelined-transaction';

/** How long after its send a recipient's reply counts for the broadcast (issue 28). */
export const REPLY_WINDOW_HOURS = 24;

/**
 * A broadcast recipient's reply, recorded as it is stored (`broadcast_recipients.replied_at`; the table is the
 * broadcasts' `RecipientStore`'s, this one column is written here, in the transaction that stores the reply), so
 * the outcomes count rows instead of searching messages for every recipient they show. A reply is an inbound
 * message stored after the send (`now()` is its `stored_at`) and dated from the send's second (platforms date
 * messages in whole seconds) to 24 hours after it; the first one found is kept. It reaches only the contacts' sent
 * rows still without a reply (their partial index). Ordering against the send's own mark: both transactions
 * lock the contact first (the upsert), so one sees the other's commit; a reply committed before its send's mark
 * is found by the mark itself (`RecipientStore`, `repliedAtOnSend`).
 */
export function recordBroadcastReplies(tx: PipelinedTransaction, messages: NewMessageRow[]): void {
  const inbound = messages.filter((m) => m.direction === 'in');
  if (!inbound.length) return;
  sendPrepared(tx, broadcastRepliesSql(), [
    inbound.map((m) => m.contact_id),
    inbound.map((m) => m.created_at),
    REPLY_WINDOW_HOURS,
  ]);
}

/**
 * The recipients are probed per message by contact (the lateral subquery, kept apart by `OFFSET 0`): flattened into a
 * join, a generic plan made on a young database walked the whole partial index on `updated_at` alone.
 */
export function broadcastRepliesSql(): string {
  return `WITH hits AS (
            SELECT w.broadcast_id, w.position, d.created_at
              FROM unnest($1::uuid[], $2::timestamptz[]) AS d(contact_id, created_at)
              CROSS JOIN LATERAL (
                SELECT r.broadcast_id, r.position FROM broadcast_recipients r
                 WHERE r.contact_id = d.contact_id AND r.status = 'sent' AND r.replied_at IS NULL
                   AND r.updated_at < now() AND r.updated_at >= d.created_at - make_interval(hours => $3)
                   AND d.created_at >= date_trunc('second', r.updated_at)
                OFFSET 0) w)
          UPDATE broadcast_recipients r SET replied_at = hits.created_at
            FROM hits WHERE r.broadcast_id = hits.broadcast_id AND r.position = hits.position AND r.replied_at IS NULL`;
}

/**
 * `replied_at` of a recipient being marked sent now, from the replies already committed (`$bot`, `$user`: SQL
 * expressions naming the bot and the recipient's user; `user` must be qualified, as `messages` has an
 * `external_user_id` of its own that a bare name would mean): only a reply whose transaction began after this one
 * (`stored_at > now()`) yet committed first, which the ingest's statement above could not see marked sent.
 */
export function repliedAtOnSend(bot: string, user: string): string {
  return `(SELECT min(m.created_at) FROM messages m
            WHERE m.bot_id = ${bot} AND m.external_user_id = ${user} AND m.direction = 'in'
              AND m.created_at >= date_trunc('second', now()) AND m.stored_at > now()
              AND m.created_at <= now() + interval '${REPLY_WINDOW_HOURS} hours')`;
}
