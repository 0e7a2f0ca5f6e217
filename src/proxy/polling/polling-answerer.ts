import { Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RegisteredBot } from '../../bots/bot-registry';
import type { MirrorCall, PollingAnswerer } from '../../mirror/polling-hook';
import { MaxPolling } from './max-polling';
import { TelegramPolling } from './telegram-polling';

/** The proxy's side of polling mode, registered under the mirror's POLLING_ANSWERER token. */
@Injectable()
export class HeldUpdatesAnswerer implements PollingAnswerer {
  constructor(
    private readonly telegram: TelegramPolling,
    private readonly max: MaxPolling,
  ) {}

  answer(bot: RegisteredBot, call: MirrorCall, _req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    return call.platform === 'telegram' ? this.telegram.answer(bot, call, res) : this.max.answer(bot, call, res);
  }
}
