import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { Lifecycle } from '../lifecycle/lifecycle';
import { HeldUpdateSignal } from './held-update-signal';

/** A waiting poll re-reads the store this often even without a notice (a notice lost with Redis). */
const RECHECK_MS = 5_000;

/**
 * Long-poll waiting shared by getUpdates and GET /updates: read; when nothing came, wait for a
 * notice that the bot was given an update (or the timeout, or the client leaving) and read again.
 * A shutdown answers a waiting poll with what it has: the held updates stay in the database for the
 * bot's next poll, so the instance need not hold the shutdown up for the poll's whole timeout.
 */
@Injectable()
export class LongPoll {
  constructor(
    private readonly signal: HeldUpdateSignal,
    private readonly lifecycle: Lifecycle,
  ) {}

  async run<T extends { found: unknown[] }>(
    botId: string,
    timeoutMs: number,
    res: ServerResponse,
    read: () => Promise<T>,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    const stop = new AbortController();
    const onClose = (): void => stop.abort();
    res.once('close', onClose);
    const { stopping } = this.lifecycle;
    if (stopping.aborted) stop.abort();
    else stopping.addEventListener('abort', onClose, { once: true });
    try {
      for (;;) {
        const seen = this.signal.version(botId);
        const result = await read();
        const left = deadline - Date.now();
        if (result.found.length > 0 || left <= 0 || stop.signal.aborted) return result;
        await this.signal.wait(botId, seen, Math.min(left, RECHECK_MS), stop.signal);
      }
    } finally {
      res.off('close', onClose);
      stopping.removeEventListener('abort', onClose);
    }
  }
}
