import type { BotPress, InsertedPressRow } from './button-presses';
import { compare, key } from './fact-batch';
import type { ContactDelta } from './fact-aggregates';
import type { BlockFact, ContactProfile } from './facts';
import type { BotMessage } from './messages-statement';
import type { BotPayment } from './payments-statement';
import { PipelinedTransaction, plannedRecords, records, sendPrepared } from './pipelined-transaction';

// The ingest's statements on `contacts`, run in its transaction (fact-store.ts); every write locks rows in key order.

/** A contact of the batch as its row stood once locked, before the batch's counters were added. */
export interface ContactRow {
  id: string;
  bot_id: string;
  external_user_id: string;
  source_value: string | null;
  /** As before this batch (read once the row is locked): hourly_stats moves the contact from its hour. */
  last_seen_at: Date | null;
  /** As before this batch, locked too: a dialog with nothing waiting and no new inbound message has no reply time. */
  awaiting_since: Date | null;
}

export interface UpsertedContact extends ContactRow {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  first_seen_at: Date;
  inserted: boolean;
}

/** One contact's view of the batch: when it was first seen, its newest profile and any shared phone. */
export interface ContactSnapshot {
  botId: string;
  externalUserId: string;
  firstAt: Date;
  profile: ContactProfile | null;
  profileAt: Date | null;
  phone: string | null;
}

export function latestPerContact(messages: Array<BotMessage | BotPress | BotPayment>): ContactSnapshot[] {
  const byContact = new Map<string, ContactSnapshot>();
  for (const { botId, fact } of messages) {
    const k = key(botId, fact.externalUserId);
    const snapshot = byContact.get(k) ?? {
      botId,
      externalUserId: fact.externalUserId,
      firstAt: fact.at,
      profile: null,
      profileAt: null,
      phone: null,
    };
    if (fact.at < snapshot.firstAt) snapshot.firstAt = fact.at;
    if (fact.profile && (!snapshot.profileAt || fact.at >= snapshot.profileAt)) {
      snapshot.profile = fact.profile;
      snapshot.profileAt = fact.at;
    }
    if (fact.kind === 'message') snapshot.phone = fact.phone ?? snapshot.phone;
    byContact.set(k, snapshot);
  }
  return [...byContact.values()];
}

/**
 * Creates the batch's missing contacts and, for existing ones, refreshes the profile from the newest
 * inbound message (contract §6) — one statement that also locks every row in key order, so two
 * concurrent batches never deadlock — and then reads each contact's id and its source before this batch.
 * A contact appears with its first message either way; a block alone makes none.
 */
export async function upsertContacts(
  tx: PipelinedTransaction,
  rows: ContactSnapshot[],
): Promise<{ created: UpsertedContact[]; contacts: ContactRow[] }> {
  if (!rows.length) return { created: [], contacts: [] };
  // A row whose profile and phone are as they were is locked but not rewritten: the counters' update
  // after the messages writes it anyway, and each version of a contact costs an entry in each of its
  // six indexes (updating last_at is never HOT). The upsert returns only what it inserted or changed,
  // so the contacts are read after it, when every one is locked by this transaction.
  const upserted = records<UpsertedContact>(
    tx,
    `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[],
           $9::timestamptz[], $10::boolean[])
           AS d(bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_at, has_profile))
       INSERT INTO contacts AS c (bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_seen_at)
       SELECT bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_at
       FROM input ORDER BY bot_id, external_user_id
       ON CONFLICT (bot_id, external_user_id) DO UPDATE SET
         (username, first_name, last_name, is_premium, language_code, phone) = (
           SELECT CASE WHEN i.has_profile THEN i.username ELSE c.username END,
                  CASE WHEN i.has_profile THEN i.first_name ELSE c.first_name END,
                  CASE WHEN i.has_profile THEN i.last_name ELSE c.last_name END,
                  CASE WHEN i.has_profile THEN i.is_premium ELSE c.is_premium END,
                  CASE WHEN i.has_profile THEN i.language_code ELSE c.language_code END,
                  COALESCE(i.phone, c.phone)
           FROM input i WHERE i.bot_id = EXCLUDED.bot_id AND i.external_user_id = EXCLUDED.external_user_id)
       WHERE EXISTS (
           SELECT FROM input i WHERE i.bot_id = EXCLUDED.bot_id AND i.external_user_id = EXCLUDED.external_user_id
              AND (i.has_profile AND (i.username, i.first_name, i.last_name, i.is_premium, i.language_code)
                     IS DISTINCT FROM (c.username, c.first_name, c.last_name, c.is_premium, c.language_code)
                   OR i.phone IS DISTINCT FROM c.phone AND i.phone IS NOT NULL))
       RETURNING id, bot_id, external_user_id, username, first_name, last_name, first_seen_at, source_value, (xmax = 0) AS inserted`,
    [
      rows.map((r) => r.botId),
      rows.map((r) => r.externalUserId),
      rows.map((r) => r.profile?.username ?? null),
      rows.map((r) => r.profile?.firstName ?? null),
      rows.map((r) => r.profile?.lastName ?? null),
      rows.map((r) => r.profile?.isPremium ?? false),
      rows.map((r) => r.profile?.languageCode ?? null),
      rows.map((r) => r.phone),
      rows.map((r) => r.firstAt),
      rows.map((r) => r.profile !== null),
    ],
  );
  // Queued right behind the upsert: a statement of its own sees every contact the upsert locked, as committed
  // or as this transaction changed it (a CTE's snapshot would miss a row another writer committed meanwhile).
  const locked = plannedRecords<ContactRow>(
    tx,
    `SELECT c.id, c.bot_id, c.external_user_id, c.source_value, c.last_seen_at, c.awaiting_since FROM contacts c
       JOIN unnest($1::uuid[], $2::text[]) AS d(bot_id, external_user_id)
         ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id`,
    [rows.map((r) => r.botId), rows.map((r) => r.externalUserId)],
  );
  const [written, contacts] = await Promise.all([upserted, locked]);
  return { created: written.filter((c) => c.inserted), contacts };
}

/** Locks the batch's contacts in id order, so concurrent writers never deadlock on them. */
export async function lockContacts(
  tx: PipelinedTransaction,
  pairs: ReadonlyArray<readonly [string, string]>,
): Promise<Map<string, ContactRow>> {
  const unique = [...new Map(pairs.map((p) => [key(p[0], p[1]), p])).values()];
  if (!unique.length) return new Map();
  const rows = await plannedRecords<ContactRow>(
    tx,
    `SELECT c.id, c.bot_id, c.external_user_id, c.source_value, c.last_seen_at, c.awaiting_since FROM contacts c
       JOIN unnest($1::uuid[], $2::text[]) AS d(bot_id, external_user_id)
         ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id
       ORDER BY c.id FOR UPDATE OF c`,
    [unique.map((p) => p[0]), unique.map((p) => p[1])],
  );
  return new Map(rows.map((r) => [key(r.bot_id, r.external_user_id), r]));
}

/** A dialog's answers in the batch, which move its `awaiting_since` (reply-statements.ts). */
export interface DialogWait {
  firstIn: Date | null;
  lastOut: Date | null;
  firstInAfter: Date | null;
}

/**
 * The counters and last message of each contact, and its wait for an answer (issue 27) in the same row version:
 * without an answer in the batch the dialog waits since its oldest unanswered inbound message; after one, since the
 * first inbound message after it (or an older wait recorded later than the answer, should the answer arrive late).
 */
export function updateContacts(
  tx: PipelinedTransaction,
  deltas: ContactDelta[],
  waits: Map<string, DialogWait> = new Map(),
): void {
  if (!deltas.length) return;
  const column = <K extends keyof ContactDelta>(name: K) => deltas.map((d) => d[name]);
  const wait = <K extends keyof DialogWait>(name: K) => deltas.map((d) => waits.get(d.contactId)?.[name] ?? null);
  sendPrepared(
    tx,
    `WITH d AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::text[],
           $8::text[], $9::int[], $10::timestamptz[], $11::timestamptz[], $12::text[], $13::text[], $14::timestamptz[],
           $15::timestamptz[], $16::timestamptz[])
         AS d(contact_id, n_in, n_out, first_at, last_in_at, last_at, last_text, last_direction, n_touches, first_touch_at,
           last_touch_at, source, campaign, first_in, last_out, first_in_after)),
       updated AS (
         UPDATE contacts c SET
           messages_in = c.messages_in + d.n_in,
           messages_out = c.messages_out + d.n_out,
           first_message_at = LEAST(c.first_message_at, d.first_at),
           last_seen_at = GREATEST(c.last_seen_at, d.last_in_at),
           last_text = CASE WHEN c.last_at IS NULL OR d.last_at >= c.last_at THEN d.last_text ELSE c.last_text END,
           last_direction = CASE WHEN c.last_at IS NULL OR d.last_at >= c.last_at THEN d.last_direction ELSE c.last_direction END,
           last_at = GREATEST(c.last_at, d.last_at),
           blocked_at = CASE WHEN d.last_in_at IS NOT NULL AND d.last_in_at >= c.blocked_at THEN NULL ELSE c.blocked_at END,
           touches = c.touches + d.n_touches,
           first_touch_at = LEAST(c.first_touch_at, d.first_touch_at),
           last_touch_at = GREATEST(c.last_touch_at, d.last_touch_at),
           source_value = CASE WHEN c.source_value IS NULL AND d.source IS NOT NULL THEN d.source ELSE c.source_value END,
           campaign_name = CASE WHEN c.source_value IS NULL AND d.source IS NOT NULL THEN d.campaign ELSE c.campaign_name END,
           awaiting_since = CASE
             WHEN d.last_out IS NULL THEN LEAST(c.awaiting_since, d.first_in)
             ELSE LEAST(d.first_in_after, CASE WHEN c.awaiting_since > d.last_out THEN c.awaiting_since END)
           END
         FROM d WHERE c.id = d.contact_id
         RETURNING 1)
       SELECT count(*) FROM updated`,
    [
      column('contactId'),
      column('messagesIn'),
      column('messagesOut'),
      column('firstAt'),
      column('lastInAt'),
      column('lastAt'),
      column('lastText'),
      column('lastDirection'),
      column('touches'),
      column('firstTouchAt'),
      column('lastTouchAt'),
      column('source'),
      column('campaign'),
      wait('firstIn'),
      wait('lastOut'),
      wait('firstInAfter'),
    ],
  );
}

/**
 * New presses make their contacts active as inbound messages do: `last_seen_at` moves on, and a block
 * older than the press is over. Message counters and the last message stay as they are.
 */
export function markActive(
  tx: PipelinedTransaction,
  presses: Array<{ row: InsertedPressRow; fact: { at: Date } }>,
): void {
  const latest = new Map<string, Date>();
  for (const { row, fact } of presses) {
    const seen = latest.get(row.contact_id);
    if (!seen || seen < fact.at) latest.set(row.contact_id, fact.at);
  }
  if (!latest.size) return;
  const rows = [...latest].sort((a, b) => compare(a[0], b[0]));
  sendPrepared(
    tx,
    `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) AS d(contact_id, at)),
       updated AS (
         UPDATE contacts c SET
           last_seen_at = GREATEST(c.last_seen_at, d.at),
           blocked_at = CASE WHEN d.at >= c.blocked_at THEN NULL ELSE c.blocked_at END
         FROM d WHERE c.id = d.contact_id
         RETURNING 1)
       SELECT count(*) FROM updated`,
    [rows.map((r) => r[0]), rows.map((r) => r[1].toISOString())],
  );
}

/** The newest block fact of a contact wins, unless the user wrote after it. */
export function applyBlocks(
  tx: PipelinedTransaction,
  blocks: Array<{ botId: string; fact: BlockFact }>,
  contacts: Map<string, ContactRow>,
) {
  const latest = new Map<string, { contactId: string; blocked: boolean; at: Date }>();
  for (const { botId, fact } of blocks) {
    const contact = contacts.get(key(botId, fact.externalUserId));
    if (!contact) continue;
    const seen = latest.get(contact.id);
    if (!seen || seen.at <= fact.at)
      latest.set(contact.id, { contactId: contact.id, blocked: fact.kind === 'blocked', at: fact.at });
  }
  const rows = [...latest.values()];
  if (!rows.length) return;
  sendPrepared(
    tx,
    `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::boolean[], $3::timestamptz[]) AS d(contact_id, blocked, at)),
       updated AS (
         UPDATE contacts c SET blocked_at = CASE WHEN d.blocked THEN d.at ELSE NULL END
         FROM d WHERE c.id = d.contact_id AND (c.last_seen_at IS NULL OR d.at >= c.last_seen_at)
         RETURNING 1)
       SELECT count(*) FROM updated`,
    [rows.map((r) => r.contactId), rows.map((r) => r.blocked), rows.map((r) => r.at)],
  );
}
