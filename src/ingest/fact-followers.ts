import { Injectable } from '@nestjs/common';
import type { QueryConfig } from 'pg';
import type { PaymentEvent } from './events';
import type { StoredFacts } from './fact-store';

/** The payment objects a batch inserted and refunded, read in its transaction. */
export interface MoneyEvents {
  payments: PaymentEvent[];
  refunds: PaymentEvent[];
}

/** The payments and refunds a batch wrote, known by their bots until their objects are read. */
export interface MoneyToCommit {
  /** The bots (with their accounts) whose payments or refunds the batch holds, whether new or seen before. */
  bots: Array<{ userId: string; botId: string }>;
  /** Their objects: costs a round trip before the COMMIT, so a follower asks only when it wants them. */
  read: () => Promise<MoneyEvents>;
}

/** The facts a transaction is about to commit, as the events that will follow it. */
export interface FactsToCommit extends Omit<StoredFacts, 'payments' | 'refunds'> {
  /** Null when the batch stored no payment and no refund. */
  money: MoneyToCommit | null;
}

/** Rows a follower adds to the facts' transaction, and what it does once that ended. */
export interface FollowerWrite {
  statement: QueryConfig;
  /** The transaction committed; `rows` are what the statement returned. */
  committed(rows: unknown[]): void;
  /** The transaction failed: nothing of the statement was stored. */
  abandoned(): void;
}

/**
 * A module (above the ingest) that stores something derived from the facts and must never lose it once they are
 * committed: it writes it in their own transaction (e.g. the event outbox). Answers null, without a promise on
 * the hot path, when the batch concerns it not.
 */
export interface FactFollower {
  follow(facts: FactsToCommit): FollowerWrite | null | Promise<FollowerWrite | null>;
}

/**
 * Where followers sign up (at their construction): the ingest knows them only by this interface, so it
 * depends on none of the modules that build on it.
 */
@Injectable()
export class FactFollowers {
  readonly list: FactFollower[] = [];

  add(follower: FactFollower): void {
    this.list.push(follower);
  }
}
