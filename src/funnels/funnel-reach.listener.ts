import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { ButtonPressEvent, FactEvents, MessageEvent, onFact, PaymentEvent } from '../ingest/events';
import { INTENT_MATCHED, IntentMatchedEvent } from '../intents/intent-matcher';
import { FunnelReachStore, ReachBatch, StepPassed } from './funnel-reach.store';
import { describeError } from '../logging/describe-error';

/** Messages applied in one transaction at most; a larger backlog goes in several. */
const MAX_BATCH = 2000;
/** How long the first message of a batch waits for others (funnels are counted after the commit, nobody waits). */
const GATHER_MS = 20;
/** Deadlocks and serialisation failures are worth another try; anything else is logged. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;
/** A `/start` with a parameter is what attributes a contact to a source (contract §6). */
const ATTRIBUTING = /^\/start(@\S+)?\s+\S/;

/** Emitted after a batch commits, once per stage a contact reached for the first time (webhook `funnel.step_passed`). */
export const FUNNEL_STEP_PASSED = 'funnel.step_passed';

export interface FunnelStepPassedEvent extends StepPassed {
  /** The bot's account, to route the webhook without a lookup. */
  userId: string;
}

/**
 * Keeps the funnels current at ingest: gathers new inbound messages (and messages whose intent
 * matches were just stored), button presses and payments and applies them in batches, one batch in flight at a time, so a burst of
 * traffic costs a few statements rather than one transaction per message.
 */
@Injectable()
export class FunnelReachListener implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Funnels');
  private pending = new Map<string, string>();
  private pendingPresses = new Map<string, string>();
  private pendingPayments = new Map<string, string>();
  private attributing = new Set<string>();
  private running: Promise<void> | null = null;
  private idleWaiters: Array<() => void> = [];
  /** The account of each bot seen, so a passed step can be routed; a few dozen bytes per bot. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly store: FunnelReachStore,
    private readonly events: EventEmitter2,
  ) {
    // Fact events straight from the bus (see onFact).
    onFact(events, FactEvents.messageCreated, this.logger, (message: MessageEvent) => this.onInbound(message));
    onFact(events, FactEvents.buttonPressed, this.logger, (press: ButtonPressEvent) => this.onPress(press));
    onFact(events, FactEvents.paymentSucceeded, this.logger, (payment: PaymentEvent) => this.onPayment(payment));
  }

  onInbound(message: MessageEvent): void {
    if (message.direction !== 'in') return; // outbound never counts (spec: Funnel, rule 4)
    if (message.text && ATTRIBUTING.test(message.text)) this.attributing.add(message.message_id);
    this.owners.set(message.bot_id, message.userId);
    this.add(message.message_id, message.bot_id);
  }

  /** Intent matches are stored after the message itself, so intent stages are applied when they exist. */
  @OnEvent(INTENT_MATCHED)
  onIntentMatched(event: IntentMatchedEvent): void {
    this.owners.set(event.bot_id, event.userId);
    this.add(event.message_id, event.bot_id);
  }

  onPress(press: ButtonPressEvent): void {
    this.pendingPresses.set(press.press_id, press.bot_id);
    if (!this.running) this.running = this.drain();
  }

  /** A payment reaches the payment stages (once per contact, at its first matching payment). */
  onPayment(payment: PaymentEvent): void {
    this.owners.set(payment.bot_id, payment.userId);
    this.pendingPayments.set(payment.id, payment.bot_id);
    if (!this.running) this.running = this.drain();
  }

  /** Resolves once everything received so far is applied (tests and shutdown). */
  idle(): Promise<void> {
    if (!this.running && !this.pending.size && !this.pendingPresses.size && !this.pendingPayments.size)
      return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  private add(messageId: string, botId: string): void {
    this.pending.set(messageId, botId);
    if (!this.running) this.running = this.drain();
  }

  private async drain(): Promise<void> {
    // Let the ingest's next few commits join the first batch: under load each commit would otherwise cost
    // a look-up of the bots' funnels (~7% of the app's CPU in a profile of bench/ingest, for a bot without one).
    await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    while (this.pending.size || this.pendingPresses.size || this.pendingPayments.size) {
      const batch = this.takeBatch();
      await this.applyWithRetry(batch);
    }
    this.running = null;
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private takeBatch(): ReachBatch {
    const messages = take(this.pending, MAX_BATCH);
    const presses = take(this.pendingPresses, MAX_BATCH - messages.length);
    const payments = take(this.pendingPayments, MAX_BATCH - messages.length - presses.length);
    const attributing = messages.map((m) => m.id).filter((id) => this.attributing.delete(id));
    return { messages, presses, payments, attributing };
  }

  private announce(passed: StepPassed[]): void {
    for (const step of passed) {
      const userId = this.owners.get(step.bot_id);
      if (userId) this.events.emit(FUNNEL_STEP_PASSED, { userId, ...step } satisfies FunnelStepPassedEvent);
    }
  }

  private async applyWithRetry(batch: ReachBatch): Promise<void> {
    // Announced outside the retry: a listener's failure must not apply the batch twice.
    this.announce(await this.applied(batch));
  }

  private async applied(batch: ReachBatch): Promise<StepPassed[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.apply(batch);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt < ATTEMPTS && code && RETRYABLE.has(code)) continue;
        // The messages are stored either way; this costs their funnel counts until the next backfill.
        this.logger.error(
          `Updating funnels for ${batch.messages.length} messages, ${batch.presses.length} presses and ${batch.payments.length} payments failed: ${describeError(error)}`,
        );
        return [];
      }
    }
  }
}

/** Up to `limit` entries (id → bot) taken out of `pending`, oldest first. */
function take(pending: Map<string, string>, limit: number): Array<{ id: string; botId: string }> {
  const taken: Array<{ id: string; botId: string }> = [];
  for (const [id, botId] of pending) {
    if (taken.length >= limit) break;
    taken.push({ id, botId });
    pending.delete(id);
  }
  return taken;
}
