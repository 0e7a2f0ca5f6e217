import type { NewMessageRow } from './messages-statement';
import type { TouchRow } from './touches-statement';
import { utcDay } from './iso-time';

/** What one batch adds to a contact's counters, last message and attribution. */
export interface ContactDelta {
  contactId: string;
  messagesIn: number;
  messagesOut: number;
  firstAt: Date;
  lastInAt: Date | null;
  lastAt: Date;
  lastText: string | null;
  lastDirection: 'in' | 'out';
  touches: number;
  firstTouchAt: Date | null;
  lastTouchAt: Date | null;
  /** Source of the batch's earliest touch that names one (first-touch attribution). */
  source: string | null;
  campaign: string | null;
}

export const LAST_TEXT_CHARS = 200;

/** The first 200 characters (code points, so an emoji is never cut in half). */
export function lastTextOf(text: string | null): string | null {
  if (text === null) return null;
  return text.length <= LAST_TEXT_CHARS ? text : Array.from(text).slice(0, LAST_TEXT_CHARS).join('');
}

export function contactDeltas(messages: NewMessageRow[], touches: TouchRow[]): ContactDelta[] {
  const deltas = new Map<string, ContactDelta>();
  const ordered = [...messages].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  for (const m of ordered) {
    const d = deltas.get(m.contact_id) ?? {
      contactId: m.contact_id,
      messagesIn: 0,
      messagesOut: 0,
      firstAt: m.created_at,
      lastInAt: null,
      lastAt: m.created_at,
      lastText: null,
      lastDirection: m.direction,
      touches: 0,
      firstTouchAt: null,
      lastTouchAt: null,
      source: null,
      campaign: null,
    };
    if (m.direction === 'in') {
      d.messagesIn += 1;
      d.lastInAt = m.created_at;
    } else {
      d.messagesOut += 1;
    }
    d.lastAt = m.created_at;
    d.lastText = lastTextOf(m.text);
    d.lastDirection = m.direction;
    deltas.set(m.contact_id, d);
  }
  for (const t of [...touches].sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime())) {
    const d = deltas.get(t.row.contact_id)!;
    d.touches += 1;
    d.firstTouchAt ??= t.row.created_at;
    d.lastTouchAt = t.row.created_at;
    if (d.source === null && t.sourceValue !== null) {
      d.source = t.sourceValue;
      d.campaign = t.campaignName;
    }
  }
  return [...deltas.values()];
}

export function dailyDeltas(messages: NewMessageRow[], newContacts: Array<{ bot_id: string; first_seen_at: Date }>) {
  const days = new Map<string, { botId: string; day: string; in: number; out: number; newContacts: number }>();
  const entry = (botId: string, at: Date) => {
    const day = utcDay(at);
    const k = `${botId}|${day}`;
    let d = days.get(k);
    if (!d) days.set(k, (d = { botId, day, in: 0, out: 0, newContacts: 0 }));
    return d;
  };
  for (const m of messages) entry(m.bot_id, m.created_at)[m.direction === 'in' ? 'in' : 'out'] += 1;
  for (const c of newContacts) entry(c.bot_id, c.first_seen_at).newContacts += 1;
  return [...days.values()];
}

/**
 * source_rollups rows: touches counted by their own parsed source ('' when none: the unmapped row),
 * contacts counted once, by the source they were attributed to.
 */
export function rollupDeltas(touches: TouchRow[], attributed: ContactDelta[]) {
  const rows = new Map<
    string,
    { botId: string; source: string; campaign: string; contacts: number; touches: number }
  >();
  const entry = (botId: string, source: string | null, campaign: string | null) => {
    const s = source ?? '';
    const c = source === null ? '' : (campaign ?? '');
    const k = `${botId}|${s}|${c}`;
    let row = rows.get(k);
    if (!row) rows.set(k, (row = { botId, source: s, campaign: c, contacts: 0, touches: 0 }));
    return row;
  };
  // Attribution only ever comes from a touch of the same batch, so the touches know each contact's bot.
  const botByContact = new Map(touches.map((t) => [t.row.contact_id, t.row.bot_id]));
  for (const t of touches) entry(t.row.bot_id, t.sourceValue, t.campaignName).touches += 1;
  for (const a of attributed) entry(botByContact.get(a.contactId)!, a.source, a.campaign).contacts += 1;
  return [...rows.values()];
}
