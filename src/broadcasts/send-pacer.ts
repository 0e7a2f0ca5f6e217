import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RedisClient } from '../queue/redis';

/**
 * Spare room added to the one-second window. The platform counts arrival times, ours are the moments
 * the calls leave; the network's jitter between the two (0–20 ms in bench/broadcast.ts, as issue 17
 * measures) plus a few ms between our check and the bytes leaving must not put limit + 1 sends into
 * one of its seconds. 25 ms costs 2.5% of throughput: 5,000 sends take about 171 s instead of 166.7 s.
 */
const WINDOW_MARGIN_MS = 25;
/**
 * How far (in send intervals) the even schedule may lag behind the clock and still catch up. A timer
 * that fires a few ms late must not lose those ms for good (at 30/s they add up to seconds), while a bot
 * idle for minutes must not get a burst: a lag of a few intervals is made up, a longer one is forgiven.
 */
const CATCH_UP_INTERVALS = 3;
const WINDOW_MS = 1000 + WINDOW_MARGIN_MS;
/** How often a full window of sends still in flight is looked at again. */
const PENDING_POLL_MS = 5;

/** One send as this process's window counts it: from its decision, then from when its request left. */
export class DispatchedSend {
  pending = true;

  constructor(public at: number) {}

  /** The request's bytes were handed to the socket at `at` (Date.now()). */
  readonly onWire = (at: number): void => {
    this.at = Math.max(this.at, at);
  };

  /** The call is over (answered, failed or never sent): its time is final. */
  settle(): void {
    this.pending = false;
  }
}

/**
 * One atomic decision in Redis, so every broadcast of a bot, in any process, shares one budget.
 * Two rules, both on start times taken from Redis's own clock:
 *  1. a sliding window: at most `limit` starts in any WINDOW_MS (a log of start times, not buckets);
 *  2. an even schedule: one start per WINDOW_MS / limit, kept on an ideal timeline so that small
 *     timer delays do not add up, and allowed to lag by CATCH_UP_INTERVALS at most (so an idle bot
 *     does not get a burst). This keeps sends spread out, so only rate × latency are ever in flight.
 * A 429 pauses the bot for the wait the platform asked for.
 * Returns 0 when the caller may start now, else how many milliseconds to wait before asking again.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local interval = window / limit
local paused = tonumber(redis.call('HGET', KEYS[2], 'paused_until') or '0')
if now < paused then return math.ceil(paused - now) end
local slot = tonumber(redis.call('HGET', KEYS[2], 'next_slot') or '0')
if now < slot then return math.max(1, math.ceil(slot - now)) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, math.ceil(tonumber(oldest[2]) + window - now + 1))
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
-- Late by a few intervals: keep the ideal timeline (catch up). Later than that (an idle bot): start afresh.
if now - slot > interval * tonumber(ARGV[4]) then slot = now end
redis.call('HSET', KEYS[2], 'next_slot', tostring(slot + interval))
redis.call('PEXPIRE', KEYS[1], window * 2)
redis.call('PEXPIRE', KEYS[2], 3600000)
return 0
`;

const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local until_ms = now + tonumber(ARGV[1])
local paused = tonumber(redis.call('HGET', KEYS[1], 'paused_until') or '0')
if until_ms > paused then redis.call('HSET', KEYS[1], 'paused_until', tostring(until_ms)) end
redis.call('PEXPIRE', KEYS[1], 3600000)
return 0
`;

/** Per-bot pacing of broadcast sends at BROADCAST_RATE_PER_SECOND (platforms.md §8: about 30/s). */
@Injectable()
export class SendPacer {
  private readonly limit: number;
  private readonly prefix: string;
  /** Per bot, this process's recent sends. */
  private readonly dispatched = new Map<string, DispatchedSend[]>();

  constructor(
    private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.broadcastRatePerSecond;
    this.prefix = `${config.redisKeyPrefix}:broadcast-pace`;
  }

  /** Resolves when one more send of this bot may start; rejects with the signal's reason when aborted. */
  async acquire(botId: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const member = `${Date.now()}:${randomBytes(6).toString('hex')}`;
      const wait = Number(
        await this.redis.eval(
          ACQUIRE,
          2,
          this.logKey(botId),
          this.stateKey(botId),
          this.limit,
          WINDOW_MS,
          member,
          CATCH_UP_INTERVALS,
        ),
      );
      if (wait <= 0) return;
      await sleep(wait, undefined, { signal });
    }
  }

  /**
   * The same window once more, in this process, on the moments sends actually leave. Between a slot
   * granted in Redis and the bytes on the wire the event loop may lose a few tens of ms (CPU contention,
   * GC, undici writing on a later turn); a send delayed that way must not squeeze limit + 1 sends into the
   * platform's second. So each send is counted at the moment its request was written (`onWire`), and one
   * still on its way counts as inside every window until it settles. Call it right before the platform
   * call, pass `onWire` to the call, and `settle()` when the call is over.
   */
  async beforeDispatch(botId: string, signal?: AbortSignal): Promise<DispatchedSend> {
    for (;;) {
      const now = Date.now();
      const recent = (this.dispatched.get(botId) ?? []).filter((send) => send.pending || send.at > now - WINDOW_MS);
      this.dispatched.set(botId, recent);
      if (recent.length < this.limit) {
        const send = new DispatchedSend(now);
        recent.push(send);
        return send;
      }
      const left = recent.filter((send) => !send.pending).map((send) => send.at);
      // All in flight: one of them leaving does not open the window before it leaves, so look again soon.
      const wait = left.length ? Math.min(...left) + WINDOW_MS - now + 1 : PENDING_POLL_MS;
      await sleep(Math.max(1, wait), undefined, { signal });
    }
  }

  /** Holds every send of the bot for `ms` (the platform's retry_after). */
  async pause(botId: string, ms: number): Promise<void> {
    await this.redis.eval(PAUSE, 1, this.stateKey(botId), Math.max(0, Math.ceil(ms)));
  }

  private logKey(botId: string): string {
    return `${this.prefix}:${botId}:starts`;
  }

  private stateKey(botId: string): string {
    return `${this.prefix}:${botId}:state`;
  }
}
