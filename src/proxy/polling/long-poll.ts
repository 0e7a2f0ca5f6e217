import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { HeldUpdateSignal } from './held-update-signal';

/** A waiting poll re-reads the store this often even without a notice (a notice lost with Redis). */
const RECHECK_MS = 5_000;

/**
 * Long-poll waiting shared by getUpdates and GET /updates: read; when nothing came, wait for a
 * notice that the bot was given an update (or the timeout, or the client leaving) and read again.
 */
@Injectable()
export class LongPoll {
  constructor(private readonly signal: HeldUpdateSignal) {}

  async run<T extends { found: unknown[] }>(botId: string, timeoutMs: number, res: ServerResponse, read: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    const gone = new AbortController();
    const onClose = (): void => gone.abort();
    res.once('close', onClose);
    try {
      for (;;) {
        const seen = this.signal.version(botId);
        const result = await read();
        const left = deadline - Date.now();
        if (result.found.length > 0 || left <= 0 || gone.signal.aborted) return result;
        await this.signal.wait(botId, seen, Math.min(left, RECHECK_MS), gone.signal);
      }
    } finally {
      res.off('close', onClose);
    }
  }
}
