import { Inject, Injectable, Logger } from '@nestjs/common';
import { BotsRepository } from '../bots/bots.repository';
import { BotsService } from '../bots/bots.service';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MediaUploadError } from '../platforms/platform-media-sender';
import { PlatformUnreachableException } from '../platforms/platform-errors';
import { BroadcastChannel, BroadcastChannels } from './broadcast-channel';
import { BroadcastCompletion } from './broadcast-completion';
import { BroadcastLeases } from './broadcast-lease';
import { BroadcastStore, FINAL_STATUSES } from './broadcast-store';
import { RecipientStore } from './recipient-store';
import { DeliveryTarget, RecipientDelivery } from './recipient-delivery';
import { SendPacer } from './send-pacer';
import { BroadcastWinners } from './broadcast-winner';

/**
 * `interrupted`: the process is stopping (or lost the lease) and recipients are left; the job goes back
 * to the queue. `busy`: another live run holds the broadcast's lease; the job waits for it to end.
 * `waitUntil`: an A/B broadcast's test share is sent; its job comes back when the winner is due.
 */
export type RunResult = 'finished' | 'interrupted' | 'busy' | { waitUntil: Date };

const BATCH = 500;
/** How often progress is copied onto the broadcast (the list shows it) and a cancel is noticed. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Runs one broadcast to its end, or until `stop` aborts. Safe to run again after any stop or crash:
 * it continues with the `pending` recipients and counts the `sending` ones (delivery unknown) failed.
 * Only one run at a time holds a broadcast (its lease), so those `sending` rows are never a live run's.
 */
@Injectable()
export class BroadcastRunner {
  private readonly logger = new Logger('Broadcasts');
  /** At most this many sends wait on the platform at once; pacing keeps the real number at rate × latency. */
  private readonly maxInFlight: number;

  constructor(
    private readonly store: BroadcastStore,
    private readonly recipients: RecipientStore,
    private readonly completion: BroadcastCompletion,
    private readonly pacer: SendPacer,
    private readonly delivery: RecipientDelivery,
    private readonly channels: BroadcastChannels,
    private readonly leases: BroadcastLeases,
    private readonly winners: BroadcastWinners,
    private readonly bots: BotsService,
    private readonly botRepository: BotsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.maxInFlight = config.broadcastRatePerSecond;
  }

  async run(broadcastId: string, stop: AbortSignal): Promise<RunResult> {
    const lease = await this.leases.take(broadcastId);
    if (!lease) return 'busy';
    try {
      return await this.runHeld(broadcastId, AbortSignal.any([stop, lease.lost]));
    } finally {
      await lease.release();
    }
  }

  private async runHeld(broadcastId: string, stop: AbortSignal): Promise<RunResult> {
    await this.store.start(broadcastId);
    const broadcast = await this.store.get(broadcastId);
    if (!broadcast || FINAL_STATUSES.includes(broadcast.status)) return 'finished';
    await this.recipients.failInterrupted(broadcastId);

    const bot = await this.botRepository.findLive(broadcast.bot_id);
    // Deactivating a bot cancels its broadcasts; one created just before that commits is cancelled here.
    if (bot && !bot.active) {
      await this.store.cancel(broadcastId);
      return 'finished';
    }
    const token = bot ? this.bots.decryptToken(bot) : null;
    if (!bot || !token) {
      await this.completion.finish(broadcastId, 'failed', bot ? Messages.broadcastNeedsToken : Messages.botNotFound);
      return 'finished';
    }
    let channel: BroadcastChannel;
    try {
      channel = await this.channels.open(broadcast, bot, token);
    } catch (error) {
      if (!(error instanceof MediaUploadError || error instanceof PlatformUnreachableException)) throw error;
      await this.completion.finish(broadcastId, 'failed', error.message);
      return 'finished';
    }
    const target: DeliveryTarget = {
      broadcastId,
      bot: { id: bot.id, userId: bot.userId, platform: bot.platform, utmKey: bot.utmKey },
      channel,
      signal: stop,
    };
    let outcome = await this.sendAll(target, stop);
    // An A/B test's share is sent and the rest wait for the winner: chosen now if its time has come (then sent
    // to them in this run), else the job sleeps until then.
    if (outcome === 'done' && broadcast.variants && (await this.recipients.hasHeld(broadcastId))) {
      await this.store.refreshCounts(broadcastId);
      const verdict = await this.winners.decide(broadcast);
      if (verdict.kind === 'wait') return { waitUntil: verdict.until };
      outcome = await this.sendAll(target, stop);
    }
    if (outcome === 'cancelled') return 'finished';
    if (outcome === 'stopped') {
      await this.store.refreshCounts(broadcastId);
      return 'interrupted';
    }
    await this.completion.finish(broadcastId, 'done');
    this.logger.log(`broadcast ${broadcastId} done`);
    return 'finished';
  }

  private async sendAll(target: DeliveryTarget, stop: AbortSignal): Promise<'done' | 'stopped' | 'cancelled'> {
    const inFlight = new Set<Promise<void>>();
    const settled = () => Promise.all(inFlight);
    let after = 0;
    let lastProgress = Date.now();
    for (;;) {
      const batch = await this.recipients.nextPending(target.broadcastId, after, BATCH);
      if (!batch.length) break;
      for (const recipient of batch) {
        if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = Date.now();
          if ((await this.store.refreshCounts(target.broadcastId)) === 'cancelled') {
            await settled();
            await this.store.refreshCounts(target.broadcastId);
            return 'cancelled';
          }
        }
        while (inFlight.size >= this.maxInFlight) await Promise.race(inFlight);
        after = recipient.position;
        // Claimed before the slot is taken, so no database round trip sits between a paced start and its call.
        const claim = await this.recipients.claim(target.broadcastId, recipient.position);
        if (claim === 'stopped') {
          await settled();
          await this.store.refreshCounts(target.broadcastId);
          return 'cancelled';
        }
        if (claim === 'taken') continue;
        try {
          await this.pacer.acquire(target.bot.id, stop);
        } catch (error) {
          await this.recipients.release(target.broadcastId, recipient.position);
          await settled();
          // Redis trouble fails this run (the job is retried later); a stop puts the job back at once.
          if (!stop.aborted) throw error;
          return 'stopped';
        }
        const sending: Promise<void> = this.delivery.deliver(target, recipient).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        // Until Telegram has the file, each send uploads it: one at a time, so it is uploaded once.
        if (target.channel.sendsAlone) await sending;
      }
    }
    await settled();
    // Recipients released by a 429 wait that a stop cut short are still pending.
    if (stop.aborted && (await this.recipients.nextPending(target.broadcastId, 0, 1)).length) return 'stopped';
    return 'done';
  }
}
