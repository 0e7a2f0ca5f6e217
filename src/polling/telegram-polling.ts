import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { RegisteredBot } from '../bots/bot-registry';
import type { MirrorCall } from './mirror-call';
import { HeldUpdatesStore } from './held-updates.store';
import { LongPoll } from './long-poll';
import { answerJson, clamp, intParam, truthy } from './poll-params';

/** Telegram caps a getUpdates long poll at 50 s. */
const MAX_TIMEOUT_S = 50;

const SET_WEBHOOK_CONFLICT = JSON.stringify({
  ok: false,
  error_code: 409,
  description:
    'Conflict: this bot is in Botlens polling mode, so its webhook must stay on the Botlens proxy; ' +
    'set target_url to your webhook URL in Botlens instead',
});

/**
 * A polling-mode Telegram bot's calls that Botlens answers itself (contract §5): getUpdates from the
 * held updates, and the webhook calls polling libraries make at start, so the proxy webhook stays set.
 */
@Injectable()
export class TelegramPolling {
  constructor(
    private readonly store: HeldUpdatesStore,
    private readonly longPoll: LongPoll,
  ) {}

  /** True when the call was answered here; anything else goes on to Telegram. */
  async answer(bot: RegisteredBot, call: MirrorCall, res: ServerResponse): Promise<boolean> {
    const params: Record<string, unknown> = { ...call.query, ...call.bodyParams };
    switch (call.method) {
      case 'getupdates':
        await this.getUpdates(bot, params, res);
        return true;
      case 'deletewebhook':
        await this.deleteWebhook(bot, params, res);
        return true;
      case 'setwebhook':
        // `setWebhook` with an empty url is the old way of deleting the webhook.
        if (!params.url) await this.deleteWebhook(bot, params, res);
        else answerJson(res, 409, SET_WEBHOOK_CONFLICT);
        return true;
      case 'getwebhookinfo': {
        // What Telegram says once a polling bot has deleted its webhook; pending = updates held here.
        const pending = await this.store.count(bot.id);
        answerJson(
          res,
          200,
          JSON.stringify({
            ok: true,
            result: { url: '', has_custom_certificate: false, pending_update_count: pending },
          }),
        );
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * `offset` > 0 confirms every update below it, a negative one keeps only the newest -offset;
   * `limit` 1–100 (100); `timeout` seconds to wait for an update (0).
   */
  private async getUpdates(bot: RegisteredBot, params: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const offset = intParam(params.offset);
    if (offset !== undefined && offset > 0) await this.store.confirmTelegramOffset(bot.id, offset);
    if (offset !== undefined && offset < 0) await this.store.keepNewest(bot.id, -offset);
    const limit = clamp(intParam(params.limit), 1, 100, 100);
    const timeoutMs = clamp(intParam(params.timeout), 0, MAX_TIMEOUT_S, 0) * 1000;
    const { found } = await this.longPoll.run(bot.id, timeoutMs, res, async () => ({
      found: await this.store.take(bot.id, limit),
    }));
    answerJson(res, 200, `{"ok":true,"result":[${found.map((update) => update.body).join(',')}]}`);
  }

  private async deleteWebhook(bot: RegisteredBot, params: Record<string, unknown>, res: ServerResponse): Promise<void> {
    if (truthy(params.drop_pending_updates)) await this.store.dropAll(bot.id);
    answerJson(res, 200, JSON.stringify({ ok: true, result: true, description: 'Webhook was deleted' }));
  }
}
