import type { ContactRow } from './contacts-statements';
import { compare, key } from './fact-batch';
import type { MessageFact } from './facts';
import { PipelinedTransaction, records } from './pipelined-transaction';
import { storableJson } from './postgres-text';
import { timeOrderedId } from './time-ordered-id';

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
 * The raw copy of a stored message goes to `message_raws` in the same statement, partitioned by month like `messages`
 * so RAW_RETENTION_DAYS drops a month of copies at once. A MAX dialog's chat id, which the avatars are read through,
 * is kept on the message itself (`chat_id`), so it outlives the copy.
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
    `WITH d AS (
       SELECT d.id, d.bot_id, d.contact_id, d.external_user_id, d.direction, d.text, d.platform_message_id, d.dedupe_key,
              d.raw::jsonb AS raw, d.created_at
         FROM ROWS FROM (unnest($1::uuid[]), unnest($2::uuid[]), unnest($3::uuid[]), unnest($4::text[]), unnest($5::text[]),
           unnest($6::text[]), unnest($7::text[]), unnest($8::text[]), string_to_table($9::text, E'\\n', ''), unnest($10::timestamptz[]))
           AS d(id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw, created_at)
     ), stored AS (
       INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, chat_id, created_at)
       SELECT d.id, d.bot_id, d.contact_id, d.external_user_id, d.direction, d.text, d.platform_message_id, d.dedupe_key,
              coalesce(d.raw #>> '{message,recipient,chat_id}', d.raw ->> 'chat_id'), d.created_at
         FROM d
       ON CONFLICT (bot_id, dedupe_key, created_at) DO NOTHING
       RETURNING id
     ), raws AS (
       INSERT INTO message_raws (message_id, bot_id, created_at, raw_json)
       SELECT d.id, d.bot_id, d.created_at, d.raw FROM stored JOIN d ON d.id = stored.id WHERE d.raw IS NOT NULL
     )
     SELECT id FROM stored`,
    [
      ids,
      messages.map((m) => m.botId),
      contactIds,
      messages.map((m) => m.fact.externalUserId),
      messages.map((m) => m.fact.direction),
      messages.map((m) => m.fact.text),
      messages.map((m) => m.fact.platformMessageId),
      messages.map((m) => m.fact.dedupeKey),
      rawCopies(messages),
      // ISO strings: the driver's own Date formatting is several times slower.
      messages.map((m) => m.fact.at.toISOString()),
    ],
  );
  const index = new Map(ids.map((id, i) => [id, i]));
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
 * The messages' raw copies as one parameter, a line each (an empty line for none; string_to_table gives
 * NULL for it, and pads a shorter list with NULLs). Compact JSON holds no line break, so nothing needs
 * escaping: as array elements, each update's quotes were escaped one by one, ~10 µs of the app's CPU per
 * update in bench/ingest.ts (the largest single cost of writing it).
 */
function rawCopies(messages: BotMessage[]): string {
  return messages
    .map((m) =>
      // jsonb refuses NUL and lone surrogates even escaped: the copy keeps U+FFFD in their place.
      m.fact.raw === undefined || m.fact.raw === null ? '' : (storableJson(m.fact.raw) ?? ''),
    )
    .join('\n');
}
