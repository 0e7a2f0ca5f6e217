import type { ContactSeen } from './retention-activity';

/** Contacts remembered at most; a contact's entry costs about 100 bytes. */
export const RETENTION_DAYS_REMEMBERED = 50_000;

const DAY_MS = 86_400_000;

/**
 * The UTC day each contact was last seen on in a committed ingest batch of this process, for up to
 * RETENTION_DAYS_REMEMBERED contacts (the least recently written are forgotten first). A contact seen
 * again on a day remembered here already has its contact_activity rows (day and week) for it, so the
 * retention statement can leave it out: most of a busy bot's messages come from contacts already
 * active that day, and the statement cost PostgreSQL about a quarter of an update's CPU.
 *
 * Only work known done is skipped; the statement stays idempotent (ON CONFLICT DO NOTHING), so several
 * instances, a forgotten contact or a restart only cost a statement that finds its rows in place.
 * Days are remembered after COMMIT only: a rolled-back batch wrote nothing. A contact's cohort
 * (first_seen_at) never changes and an erased contact comes back with a new id, so a remembered day
 * never turns stale.
 */
export class RetentionDaysWritten {
  /** contact id → UTC day number (days since the epoch), in order of writing. */
  private readonly days = new Map<string, number>();

  constructor(private readonly capacity = RETENTION_DAYS_REMEMBERED) {}

  /** What `seen` holds that is not known to be written already. */
  unwritten(seen: ContactSeen[]): ContactSeen[] {
    return seen.filter((s) => this.days.get(s.contactId) !== dayOf(s.at));
  }

  /** After COMMIT: `written` now has its rows. */
  remember(written: ContactSeen[]): void {
    for (const { contactId, at } of written) {
      const day = dayOf(at);
      const known = this.days.get(contactId);
      // A late, back-dated message must not make the contact's newer day look unwritten.
      if (known !== undefined && known >= day) continue;
      this.days.delete(contactId);
      this.days.set(contactId, day);
    }
    if (this.days.size <= this.capacity) return;
    let excess = this.days.size - this.capacity;
    for (const contactId of this.days.keys()) {
      if (excess-- <= 0) break;
      this.days.delete(contactId);
    }
  }

  get size(): number {
    return this.days.size;
  }
}

function dayOf(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}
