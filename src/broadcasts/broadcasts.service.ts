import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { Bot } from '../bots/bot.entity';
import { BotsService } from '../bots/bots.service';
import { isUuid } from '../common/http/ids';
import { Lifecycle } from '../lifecycle/lifecycle';
import { Messages } from '../common/messages';
import {
  BroadcastDto,
  BroadcastPageDto,
  BroadcastPreviewDto,
  BroadcastResultDto,
  BroadcastV1RequestDto,
} from './broadcast.dto';
import type { UploadedFile } from '../common/http/file-upload';
import { closedBroadcastInput, openBroadcastInput } from './broadcast-input';
import { BroadcastOutcomes, BroadcastOutcomesQueries, noOutcomes } from './broadcast-outcomes.queries';
import { BroadcastLinks } from './broadcast-links';
import { BroadcastQueue } from './broadcast-queue';
import { BroadcastRow, BroadcastStore, FINAL_STATUSES } from './broadcast-store';
import { RecipientStore } from './recipient-store';
import { parsePlatform, parseSegment } from './segment';

/** How often a waiting open-API request looks whether its broadcast has finished. */
const FINISH_POLL_MS = 100;

/** Broadcasts from the open API (waits for the end) and from the cabinet (segments, files, schedules). */
@Injectable()
export class BroadcastsService {
  constructor(
    private readonly access: BotAccess,
    private readonly bots: BotsService,
    private readonly store: BroadcastStore,
    private readonly recipients: RecipientStore,
    private readonly queue: BroadcastQueue,
    private readonly outcomes: BroadcastOutcomesQueries,
    private readonly links: BroadcastLinks,
    /** Its stop ends the waits of open requests (503); their broadcasts resume after the restart. */
    private readonly lifecycle: Lifecycle,
  ) {}

  /**
   * `POST /api/v1/bots/{id}/broadcast`: every contact that has not blocked the bot, as a queued job;
   * the answer waits for the job. The job does not depend on the request: a client that goes away
   * changes nothing, and two identical calls are two broadcasts (spec).
   */
  async broadcastToAll(principal: Principal, botId: string, body: BroadcastV1RequestDto): Promise<BroadcastResultDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const { text, plan } = openBroadcastInput(body ?? {}, bot.platform);
    this.links.assertFits(text, plan, false, bot.platform);
    this.requireSendable(bot);
    const created = await this.store.create({
      botId: bot.id,
      origin: 'api',
      text,
      kind: null,
      platform: 'all',
      segment: { all_contacts: true },
      sendAt: null,
      file: null,
      plan,
    });
    await this.queue.enqueue(created.id);
    let finished = await this.waitUntilFinished(created.id);
    // Cancelled (its bot was deactivated): the runner may not have copied its last counts onto the row yet.
    if (finished.status === 'cancelled') {
      await this.store.refreshCounts(finished.id);
      finished = (await this.store.get(finished.id)) ?? finished;
    }
    return {
      id: finished.id,
      total_count: finished.total_count,
      sent_count: finished.sent_count,
      failed_count: finished.failed_count,
      created_at: finished.created_at,
    };
  }

  /** `POST /api/bots/:id/broadcasts`: answers at once with the queued (or scheduled) broadcast. */
  async createClosed(
    principal: Principal,
    botId: string,
    form: Record<string, unknown>,
    upload: UploadedFile | undefined,
  ): Promise<BroadcastDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const input = closedBroadcastInput(form ?? {}, upload, bot.platform);
    this.links.assertFits(input.text, input.plan, input.file !== null, bot.platform);
    this.requireSendable(bot);
    const created = await this.store.create({ botId: bot.id, origin: 'cabinet', ...input });
    await this.queue.enqueue(created.id, input.sendAt);
    // Nothing is sent yet, so nothing came of it.
    return presentBroadcast(created, undefined);
  }

  async preview(
    principal: Principal,
    botId: string,
    body: { platform?: unknown; segment?: unknown },
  ): Promise<BroadcastPreviewDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const platform = parsePlatform(body?.platform);
    const segment = parseSegment(body?.segment);
    return { count: await this.recipients.countAudience(bot.id, platform, segment) };
  }

  async list(principal: Principal, botId: string): Promise<BroadcastDto[]> {
    const bot = await this.access.require(principal, botId, 'read');
    return this.presented(bot.id, await this.store.listOfBot(bot.id));
  }

  /** The open API's list (v1.1): every broadcast of the bot, open-API and closed, a page at a time. */
  async page(principal: Principal, botId: string, limit: number, offset: number): Promise<BroadcastPageDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const { rows, total } = await this.store.pageOfBot(bot.id, limit, offset);
    return { data: await this.presented(bot.id, rows), total, limit, offset };
  }

  async get(principal: Principal, botId: string, broadcastId: string): Promise<BroadcastDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const found = isUuid(broadcastId) ? await this.store.getOfBot(bot.id, broadcastId) : null;
    if (!found) throw new NotFoundException(Messages.broadcastNotFound);
    return (await this.presented(bot.id, [found]))[0];
  }

  /** Stops an unfinished broadcast between two sends; whoever was not reached yet is never sent it. */
  async cancel(principal: Principal, botId: string, broadcastId: string): Promise<BroadcastDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    const found = isUuid(broadcastId) ? await this.store.getOfBot(bot.id, broadcastId) : null;
    if (!found) throw new NotFoundException(Messages.broadcastNotFound);
    if (!(await this.store.cancel(found.id))) throw new ConflictException(Messages.broadcastAlreadyFinished);
    return (await this.presented(bot.id, [(await this.store.get(found.id)) ?? found]))[0];
  }

  /** The broadcasts with their outcomes, read for all of them at once. */
  private async presented(botId: string, rows: BroadcastRow[]): Promise<BroadcastDto[]> {
    const outcomes = await this.outcomes.of(
      botId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentBroadcast(row, outcomes.get(row.id)));
  }

  private requireSendable(bot: Bot): void {
    if (!bot.active) throw new ForbiddenException(Messages.botDeactivated);
    if (!this.bots.decryptToken(bot)) throw new BadRequestException(Messages.broadcastNeedsToken);
  }

  /** Polls the row rather than BullMQ events: the row is the truth, whichever instance runs the job. */
  private async waitUntilFinished(id: string): Promise<BroadcastRow> {
    for (;;) {
      const row = await this.store.get(id);
      if (!row) throw new NotFoundException(Messages.broadcastNotFound);
      if (FINAL_STATUSES.includes(row.status)) return row;
      // An A/B test's share is sent and the rest wait for the winner: the answer does not wait for days.
      if (row.variants && row.winner === null && row.test_finished_at) return row;
      try {
        await sleep(FINISH_POLL_MS, undefined, { signal: this.lifecycle.stopping });
      } catch {
        throw new ServiceUnavailableException(Messages.broadcastContinuesAfterRestart);
      }
    }
  }
}

export function presentBroadcast(row: BroadcastRow, outcomes: BroadcastOutcomes | undefined): BroadcastDto {
  const all = outcomes?.all ?? noOutcomes();
  // all_contacts is how the service stores the open API's audience, not a filter a client chose.
  const { all_contacts: _allContacts, ...segment } = row.segment;
  return {
    id: row.id,
    text: row.text,
    kind: row.kind,
    platform: row.platform,
    segment,
    status: row.status,
    total_count: row.total_count,
    sent_count: row.sent_count,
    failed_count: row.failed_count,
    error: row.error,
    send_at: row.send_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    created_at: row.created_at,
    // The outcomes' revenue is the same 72-hour window the field has shown since issue 26.
    revenue: all.revenue,
    track_links: row.track_links,
    outcomes: all,
    variants:
      row.variants?.map((variant, index) => {
        const own = outcomes?.variants.get(index) ?? noOutcomes();
        return { text: variant.text, file: variant.file, sent: own.delivered, outcomes: own };
      }) ?? null,
    test_share: row.variants ? row.test_share : null,
    winner_after_minutes: row.winner_after_minutes,
    winner_metric: row.winner_metric,
    winner: row.winner,
    winner_chosen_at: row.winner_chosen_at,
  };
}
