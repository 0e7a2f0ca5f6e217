import type { ContactRow } from './contacts-statements';
import { compare, key } from './fact-batch';
import type { MessageFact } from './facts';
import { PipelinedTransaction, records, sendPrepared } from './pipelined-transaction';
import { storableJson, storableText } from './postgres-text';
import { timeOrderedId } from './time-ordered-id';
import { isoTime } from './iso-time';

export interface BotMessage {
  botId: string;
  fact: MessageFact;
}

export interface NewMessageRow {
  id: string;
  bot_id: string;
  contact_id: string;
  external_user_id: string;
  direction: 'in' | 'out';
  text: string | null;
  created_at: Date;
  dedupe_key: string;
}

/**
 * Each message with its contact, which the upsert before it (same transaction) created or locked. With
 * the contact's id given, the statement joins nothing and is prepared once per connection: parsing and
 * planning a join to contacts cost PostgreSQL more than the insert itself at a dozen messages.
 * The raw copies of the messages that were new go to `message_raws` (partitioned by month like `messages`, so
 * RAW_RETENTION_DAYS drops a month of copies at once) in a statement of their own, queued behind this one: it goes
 * out with the batch's next round trip. Written here in one statement, the batch was materialised and joined back to
 * the rows inserted, ~10 µs of PostgreSQL per update more than before the copies had their own table. A MAX dialog's
 * chat id, which the avatars are read through, is kept on the message itself (`chat_id`), so it outlives the copy.
 */
export async function insertMessages(
  tx: PipelinedTransaction,
  unsorted: BotMessage[],
  contacts: Map<string, ContactRow>,
): Promise<NewMessageRow[]> {
  if (!unsorted.length) return [];
  // Key order, like every other write here, so two batches never wait on each other in a cycle.
  const messages = [...unsorted].sort(
    (a, b) => compare(a.botId, b.botId) || compare(a.fact.dedupeKey, b.fact.dedupeKey),
  );
  const contactIds = messages.map((m) => {
    const contact = contacts.get(key(m.botId, m.fact.externalUserId));
    if (!contact) throw new Error(`A message's contact was not upserted (bot ${m.botId})`);
    return contact.id;
  });
  // The dedupe key with the message's time (messages_dedupe holds the partition key): a redelivered update or a send
  // recorded twice carries the platform's date, the same each time, so it is still stored once.
  // Ids made here, time-ordered (see time-ordered-id.ts). Only the ids of the rows that were new come back:
  // the rest is in the facts, and parsing it back (texts, timestamps) cost the app more than writing it.
  const ids = messages.map(() => timeOrderedId());
  const inserted = await records<{ id: string }>(
    tx,
    `INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, chat_id, created_at)
     SELECT * FROM ROWS FROM (unnest($1::uuid[]), unnest($2::uuid[]), unnest($3::uuid[]), unnest($4::text[]), unnest($5::text[]),
       unnest($6::text[]), unnest($7::text[]), unnest($8::text[]), unnest($9::text[]), unnest($10::timestamptz[]))
     ON CONFLICT (bot_id, dedupe_key, created_at) DO NOTHING
     RETURNING id`,
    [
      ids,
      messages.map((m) => m.botId),
      contactIds,
      messages.map((m) => m.fact.externalUserId),
      messages.map((m) => m.fact.direction),
      messages.map((m) => m.fact.text),
      messages.map((m) => m.fact.platformMessageId),
      messages.map((m) => m.fact.dedupeKey),
      messages.map((m) => dialogChatId(m.fact.raw)),
      // ISO strings: the driver's own Date formatting is several times slower.
      messages.map((m) => isoTime(m.fact.at)),
    ],
  );
  const index = new Map(ids.map((id, i) => [id, i]));
  queueRawCopies(
    tx,
    inserted.map(({ id }) => ({ id, message: messages[index.get(id)!] })),
  );
  return inserted.map(({ id }) => {
    const i = index.get(id)!;
    const { botId, fact } = messages[i];
    return {
      id,
      bot_id: botId,
      contact_id: contactIds[i],
      external_user_id: fact.externalUserId,
      direction: fact.direction,
      text: fact.text,
      created_at: fact.at,
      dedupe_key: fact.dedupeKey,
    };
  });
}

/**
 * The raw copies of the messages just inserted (those with one), sent with the transaction's next round trip; as
 * one parameter, a line each. Compact JSON holds no line break, so nothing needs escaping: as array elements,
 * each update's quotes were escaped one by one, ~10 µs of the app's CPU per update in bench/ingest.ts.
 */
function queueRawCopies(tx: PipelinedTransaction, stored: Array<{ id: string; message: BotMessage }>): void {
  const copies = stored.flatMap(({ id, message }) => {
    // jsonb refuses NUL and lone surrogates even escaped: the copy keeps U+FFFD in their place.
    const json = message.fact.raw === undefined || message.fact.raw === null ? null : storableJson(message.fact.raw);
    return json ? [{ id, message, json }] : [];
  });
  if (!copies.length) return;
  sendPrepared(
    tx,
    `INSERT INTO message_raws (message_id, bot_id, created_at, raw_json)
     SELECT d.id, d.bot_id, d.created_at, d.raw::jsonb
       FROM ROWS FROM (unnest($1::uuid[]), unnest($2::uuid[]), unnest($3::timestamptz[]), string_to_table($4::text, E'\\n'))
         AS d(id, bot_id, created_at, raw)`,
    [
      copies.map(({ id }) => id),
      copies.map(({ message }) => message.botId),
      copies.map(({ message }) => isoTime(message.fact.at)),
      copies.map(({ json }) => json).join('\n'),
    ],
  );
}

/**
 * The chat a MAX update belongs to (`message.recipient.chat_id`, or `chat_id` of `bot_started`), as text; null for
 * anything else (Telegram's updates have neither).
 */
export function dialogChatId(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const update = raw as { message?: { recipient?: { chat_id?: unknown } }; chat_id?: unknown };
  const chat = update.message?.recipient?.chat_id ?? update.chat_id;
  // Text as the platform sent it, but storable: a NUL or a lone surrogate would fail the whole batch's insert.
  if (typeof chat === 'string') return storableText(chat);
  return typeof chat === 'number' && Number.isFinite(chat) ? String(chat) : null;
}
