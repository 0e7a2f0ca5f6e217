/** How long a plan read from the database is trusted; a plan change in this process forgets it at once. */
export const PLAN_TTL_MS = 30_000;

interface PlanEntry {
  capped: boolean;
  loadedAt: number;
  /** The month key (see currentMonth) in which the account was seen at its cap, so later facts skip the transaction. */
  fullInMonth: string | null;
}

/** Reads whether each of the accounts is on a capped plan; accounts it does not return are treated as uncapped. */
export type CappedPlansLoader = (accountIds: string[]) => Promise<Map<string, boolean>>;

/**
 * What the recording cap needs to know about accounts without asking the database on every batch:
 * whether the plan is capped, and whether the account is already full this month.
 * An account that is not known (never read, or its read failed) counts as uncapped: losing traffic
 * because the plan could not be read would be worse than recording past the cap.
 */
export class PlanCache {
  private readonly entries = new Map<string, PlanEntry>();
  /** Bumped by every forget(), so a read that overlapped a plan change is not kept. */
  private generation = 0;

  constructor(
    private readonly load: CappedPlansLoader,
    private readonly onLoadFailure: (error: unknown) => void,
  ) {}

  /** Reads the plans of the accounts not known, or known for longer than PLAN_TTL_MS. */
  async refresh(accountIds: Iterable<string>, now = Date.now()): Promise<void> {
    const due = [...new Set(accountIds)].filter((id) => {
      const entry = this.entries.get(id);
      return !entry || now - entry.loadedAt >= PLAN_TTL_MS;
    });
    if (!due.length) return;
    const generation = this.generation;
    let capped: Map<string, boolean>;
    try {
      capped = await this.load(due);
    } catch (error) {
      this.onLoadFailure(error);
      return;
    }
    // A plan changed while we read: the answer may predate it, so it is asked again next time.
    if (generation !== this.generation) return;
    for (const id of due) this.entries.set(id, { capped: capped.get(id) ?? false, loadedAt: now, fullInMonth: null });
  }

  isCapped(accountId: string): boolean {
    return this.entries.get(accountId)?.capped ?? false;
  }

  isFull(accountId: string, month: string): boolean {
    return this.entries.get(accountId)?.fullInMonth === month;
  }

  /** Until the entry expires or the plan changes, this account's facts are dropped before any transaction. */
  markFull(accountId: string, month: string): void {
    const entry = this.entries.get(accountId);
    if (entry?.capped) entry.fullInMonth = month;
  }

  /** The account's plan changed: read it again before the next batch. */
  forget(accountId: string): void {
    this.generation += 1;
    this.entries.delete(accountId);
  }
}
