import type { BotPress, InsertedPressRow } from './button-presses';
import type { ContactDelta } from './fact-aggregates';
import { utcDay } from './iso-time';
import type { FactBatchItem } from './fact-store';
import type { Fact } from './facts';
import type { BotMessage, NewMessageRow } from './messages-statement';
import type { ContactSeen } from './retention-activity';

// How the ingest reads a batch of facts before writing it (fact-store.ts): which facts count, and when each contact was seen.

/** One string for a bot and a key within it (a platform user id, a dedupe key). */
export const key = (botId: string, externalUserId: string) => `${botId}\u0000${externalUserId}`;

/** The batch's facts of the given kinds, each with its bot's id (a loop: flatMap made an array per fact). */
export function factsOfKind<K extends Fact['kind']>(
  batch: FactBatchItem[],
  ...kinds: K[]
): Array<{ botId: string; fact: Extract<Fact, { kind: K }> }> {
  const out: Array<{ botId: string; fact: Extract<Fact, { kind: K }> }> = [];
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if ((kinds as string[]).includes(fact.kind))
        out.push({ botId: bot.id, fact: fact as Extract<Fact, { kind: K }> });
    }
  }
  return out;
}

/** Message facts of the batch, each dedupe key once per bot. */
export function uniqueMessages(batch: FactBatchItem[]): BotMessage[] {
  const seen = new Set<string>();
  const out: BotMessage[] = [];
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if (fact.kind !== 'message') continue;
      const k = key(bot.id, fact.dedupeKey);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ botId: bot.id, fact });
    }
  }
  return out;
}

/** Press facts of the batch, each dedupe key once per bot. */
export function uniquePresses(batch: FactBatchItem[]): BotPress[] {
  const seen = new Set<string>();
  const out: BotPress[] = [];
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if (fact.kind !== 'press') continue;
      const k = key(bot.id, fact.dedupeKey);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ botId: bot.id, fact });
    }
  }
  return out;
}

/** When each contact was seen for the retention rollup: its creation and its inbound messages, once per UTC day. */
export function seenContacts(
  messages: NewMessageRow[],
  created: Array<{ bot_id: string; id: string; first_seen_at: Date }>,
): ContactSeen[] {
  const seen = new Map<string, ContactSeen>();
  const add = (botId: string, contactId: string, at: Date) => {
    const k = `${contactId}|${utcDay(at)}`;
    if (!seen.has(k)) seen.set(k, { botId, contactId, at });
  };
  for (const c of created) add(c.bot_id, c.id, c.first_seen_at);
  for (const m of messages) if (m.direction === 'in') add(m.bot_id, m.contact_id, m.created_at);
  return [...seen.values()];
}

/** Per contact, the newest time the batch saw it (an inbound message or a press): what last_seen_at moves to. */
export function lastSeen(deltas: ContactDelta[], presses: Array<{ row: InsertedPressRow; fact: { at: Date } }>) {
  const seen = new Map<string, Date>();
  const see = (contactId: string, at: Date) => {
    const before = seen.get(contactId);
    if (!before || before < at) seen.set(contactId, at);
  };
  for (const d of deltas) if (d.lastInAt) see(d.contactId, d.lastInAt);
  for (const { row, fact } of presses) see(row.contact_id, fact.at);
  return seen;
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
