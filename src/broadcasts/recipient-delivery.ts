import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { CaptureBot, CaptureService } from '../ingest/capture.service';
import { ContactsRepository } from '../ingest/contacts.repository';
import { PlatformUnreachableException } from '../platforms/platform-errors';
import { SendOutcome } from '../platforms/platform-messenger';
import type { BroadcastChannel } from './broadcast-channel';
import { Recipient, RecipientStore } from './recipient-store';
import { DispatchedSend, SendPacer } from './send-pacer';
import { BroadcastSendOutcome, Metrics } from '../metrics/metrics';
import { describeError } from '../logging/describe-error';

/** A recipient refused with 429 is tried again this many times (after the wait asked for) before it counts as failed. */
export const MAX_RATE_LIMIT_RETRIES = 3;
/** When a 429 names no wait. */
const DEFAULT_RETRY_AFTER_S = 1;

export interface DeliveryTarget {
  broadcastId: string;
  bot: CaptureBot;
  channel: BroadcastChannel;
  signal: AbortSignal;
}

type Verdict =
  | { kind: 'sent'; result: unknown; method: string }
  | { kind: 'retry'; waitMs: number; error: string }
  | { kind: 'failed'; error: string; blocked: boolean }
  /** The process began to stop before the call went out. */
  | { kind: 'stopped' };

/**
 * Delivers the broadcast to one recipient that the caller has claimed (`sending`, committed, so a
 * crash mid-call can never lead to a resend) and whose pacing slot it holds.
 * 429: the bot pauses for retry_after and this recipient is tried again (up to 3 retries);
 * 403: the contact is marked blocked (contract §6) and the recipient fails; anything else fails it.
 * Never rejects: one recipient's trouble must not stop the others.
 */
@Injectable()
export class RecipientDelivery {
  private readonly logger = new Logger('Broadcasts');

  constructor(
    private readonly recipients: RecipientStore,
    private readonly pacer: SendPacer,
    private readonly capture: CaptureService,
    private readonly contacts: ContactsRepository,
    private readonly metrics: Metrics,
  ) {}

  async deliver(target: DeliveryTarget, recipient: Recipient): Promise<void> {
    try {
      await this.attempts(target, recipient);
    } catch (error) {
      // The row stays `sending`; a resume counts it failed (delivery unknown) rather than risk a second copy.
      this.logger.error(`broadcast ${target.broadcastId} recipient ${recipient.position}: ${describeError(error)}`);
    }
  }

  private async attempts(target: DeliveryTarget, recipient: Recipient): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const verdict = await this.sendOnce(target, recipient);
      if (verdict.kind === 'stopped') {
        await this.recipients.release(target.broadcastId, recipient.position);
        return;
      }
      if (verdict.kind === 'sent') {
        const stored = await this.capture.recordSent(
          target.bot,
          verdict.method,
          { user_id: recipient.external_user_id },
          verdict.result,
          (messageId) => this.recipients.sentStatement(target.broadcastId, recipient.position, attempt, messageId),
          { broadcast: true },
        );
        if (!stored)
          await this.recipients.settle(target.broadcastId, recipient.position, { status: 'sent', attempts: attempt });
        return;
      }
      if (verdict.kind === 'failed' || attempt > MAX_RATE_LIMIT_RETRIES) {
        if (verdict.kind === 'failed' && verdict.blocked) await this.markBlocked(recipient.contact_id);
        await this.recipients.settle(target.broadcastId, recipient.position, {
          status: 'failed',
          attempts: attempt,
          error: verdict.error,
        });
        return;
      }
      await this.pacer.pause(target.bot.id, verdict.waitMs);
      try {
        await sleep(verdict.waitMs, undefined, { signal: target.signal });
        await this.pacer.acquire(target.bot.id, target.signal);
      } catch (error) {
        if (!target.signal.aborted) throw error;
        // Stopping during the wait: the platform refused, so nothing was delivered and a resume may send it.
        await this.recipients.release(target.broadcastId, recipient.position);
        return;
      }
    }
  }

  private async sendOnce(target: DeliveryTarget, recipient: Recipient): Promise<Verdict> {
    let sent: { outcome: SendOutcome; method: string };
    let dispatched: DispatchedSend;
    try {
      dispatched = await this.pacer.beforeDispatch(target.bot.id, target.signal);
    } catch {
      return { kind: 'stopped' };
    }
    try {
      sent = await target.channel.send(recipient, dispatched.onWire);
    } catch (error) {
      // A network failure may come after the platform delivered, so it is not retried.
      if (error instanceof PlatformUnreachableException) {
        this.metrics.broadcastSends.inc({ outcome: 'failed' });
        return { kind: 'failed', error: String((error.getResponse() as { message: string }).message), blocked: false };
      }
      throw error;
    } finally {
      dispatched.settle();
    }
    const verdict = answerVerdict(sent);
    this.metrics.broadcastSends.inc({ outcome: sendOutcome(verdict) });
    return verdict;
  }

  private async markBlocked(contactId: string): Promise<void> {
    await this.contacts.markBlocked(contactId);
  }
}

function describe(answer: unknown): string {
  const value = answer as { description?: unknown; message?: unknown; code?: unknown } | null;
  const text = value?.description ?? value?.message ?? value?.code;
  return typeof text === 'string' ? text.slice(0, 300) : '';
}

type AnswerVerdict = Exclude<Verdict, { kind: 'stopped' }>;

/** What the platform's answer to one send means for the recipient. */
function answerVerdict(sent: { outcome: SendOutcome; method: string }): AnswerVerdict {
  const { outcome } = sent;
  if (outcome.accepted) return { kind: 'sent', result: outcome.result, method: sent.method };
  const error = `${outcome.status} ${describe(outcome.answer)}`.trim();
  if (outcome.status === 429)
    return { kind: 'retry', waitMs: (outcome.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S) * 1000, error };
  // MAX has not finished processing an uploaded file yet (platforms.md §7): same as a short 429.
  if ((outcome.answer as { code?: unknown } | null)?.code === 'attachment.not.ready')
    return { kind: 'retry', waitMs: 1000, error };
  return { kind: 'failed', error, blocked: outcome.status === 403 };
}

function sendOutcome(verdict: AnswerVerdict): BroadcastSendOutcome {
  if (verdict.kind === 'retry') return 'rate_limited';
  if (verdict.kind === 'failed') return verdict.blocked ? 'blocked' : 'failed';
  return 'sent';
}
