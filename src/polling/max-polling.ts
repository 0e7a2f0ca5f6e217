import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { RegisteredBot } from '../bots/bot-registry';
import type { MirrorCall } from './mirror-call';
import { HeldUpdate, HeldUpdatesStore } from './held-updates.store';
import { LongPoll } from './long-poll';
import { answerJson, clamp, intParam } from './poll-params';

const MAX_TIMEOUT_S = 90;
const DEFAULT_TIMEOUT_S = 30;

const SUBSCRIBE_CONFLICT = JSON.stringify({
  code: 'polling.mode',
  message:
    'This bot is in Botlens polling mode, so its subscription must stay on the Botlens proxy; set target_url to your webhook URL in Botlens instead',
});

/**
 * A polling-mode MAX bot's calls that Botlens answers itself (contract §5): GET /updates from the
 * held updates, and the subscription calls @maxhub/max-bot-api makes at start (it lists the
 * subscriptions and deletes each), so the proxy subscription stays in place.
 */
@Injectable()
export class MaxPolling {
  constructor(
    private readonly store: HeldUpdatesStore,
    private readonly longPoll: LongPoll,
  ) {}

  async answer(bot: RegisteredBot, call: MirrorCall, res: ServerResponse): Promise<boolean> {
    switch (call.method) {
      case 'GET /updates':
        await this.getUpdates(bot, call.query, res);
        return true;
      case 'GET /subscriptions':
        // A polling bot has no subscriptions of its own; listing ours would only invite deleting it.
        answerJson(res, 200, '{"subscriptions":[]}');
        return true;
      case 'DELETE /subscriptions':
        answerJson(res, 200, '{"success":true}');
        return true;
      case 'POST /subscriptions':
        answerJson(res, 409, SUBSCRIBE_CONFLICT);
        return true;
      default:
        return false;
    }
  }

  /**
   * `marker`: an opaque increasing number Botlens hands out; everything before it counts as read. A
   * marker beyond any handed out (say, one MAX itself gave before the bot switched modes) confirms
   * nothing. `limit` 1–1000 (100), `timeout` 0–90 s (30), `types` a comma-separated filter.
   */
  private async getUpdates(bot: RegisteredBot, query: Record<string, string>, res: ServerResponse): Promise<void> {
    const marker = intParam(query.marker);
    if (marker !== undefined && marker > 1 && marker <= (await this.store.lastSeq(bot.id)) + 1) {
      await this.store.confirmBefore(bot.id, marker);
    }
    const limit = clamp(intParam(query.limit), 1, 1000, 100);
    const timeoutMs = clamp(intParam(query.timeout), 0, MAX_TIMEOUT_S, DEFAULT_TIMEOUT_S) * 1000;
    const types = query.types ? query.types.split(',').filter((type) => type !== '') : [];
    const { found, lastSeq } = await this.longPoll.run(bot.id, timeoutMs, res, () => this.read(bot.id, limit, types));
    // With nothing found every committed update up to lastSeq was looked at (and skipped by `types`).
    const next = found.length > 0 ? found[found.length - 1].seq + 1 : lastSeq + 1;
    answerJson(res, 200, `{"updates":[${found.map((update) => update.body).join(',')}],"marker":${next}}`);
  }

  /** lastSeq is read first: seqs become visible in order, so the read saw every update up to it. */
  private async read(botId: string, limit: number, types: string[]): Promise<{ found: HeldUpdate[]; lastSeq: number }> {
    const lastSeq = await this.store.lastSeq(botId);
    const found = await this.store.take(botId, limit, types.length ? types : null);
    return { found, lastSeq };
  }
}
