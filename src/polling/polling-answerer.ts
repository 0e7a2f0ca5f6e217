import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { RegisteredBot } from '../bots/bot-registry';
import type { MirrorCall } from './mirror-call';
import { MaxPolling } from './max-polling';
import { TelegramPolling } from './telegram-polling';

/**
 * Answers calls of bots whose `targetUrl` is `polling` (contract §5). The mirror asks it before
 * forwarding, for every call of such a bot. It either answers the call completely on `res` (status,
 * headers, body in the platform's format) and resolves true, so the mirror does nothing more; or it
 * writes nothing and resolves false, and the mirror forwards the call as usual. It never reads the
 * request's body (that is `call.bodyParams`): the mirror may still need to forward it. A rejection is logged
 * and answered 500 in the platform's format.
 */
@Injectable()
export class PollingAnswerer {
  constructor(
    private readonly telegram: TelegramPolling,
    private readonly max: MaxPolling,
  ) {}

  answer(bot: RegisteredBot, call: MirrorCall, res: ServerResponse): Promise<boolean> {
    return call.platform === 'telegram' ? this.telegram.answer(bot, call, res) : this.max.answer(bot, call, res);
  }
}
