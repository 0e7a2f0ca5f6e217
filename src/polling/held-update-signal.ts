import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { RedisClient, redisConnectionOptions } from '../queue/redis';

type Wake = () => void;

/**
 * Wakes long polls waiting for a bot's held updates. The instance that held the update wakes its
 * own waiters at once and publishes on Redis for the others; waiters re-read the database either
 * way, so a lost notice only delays an answer until the poll's next re-check.
 */
@Injectable()
export class HeldUpdateSignal implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('HeldUpdateSignal');
  private readonly waiters = new Map<string, Set<Wake>>();
  /** Counts notices per bot, so a poll can tell whether one arrived while it was reading. */
  private readonly versions = new Map<string, number>();
  private readonly instanceId = randomBytes(8).toString('hex');
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisClient,
    private readonly watch: ConnectionWatch,
  ) {
    this.channel = `${config.redisKeyPrefix}:held-updates`;
  }

  onModuleInit(): void {
    this.subscriber = new Redis({ ...redisConnectionOptions(this.config.redisUrl), maxRetriesPerRequest: null });
    // ioredis subscribes again by itself after a reconnect.
    this.watch.redis(this.subscriber, 'Redis (held-update subscriber)');
    this.subscriber.on('message', (_channel: string, message: string) => {
      const [origin, botId] = message.split(' ');
      if (origin !== this.instanceId && botId) this.wakeLocal(botId);
    });
    void this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Redis subscribe: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const botId of [...this.waiters.keys()]) this.wakeLocal(botId);
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** Something was held for the bot: wake its polls here and on every other instance. */
  notify(botId: string): void {
    this.wakeLocal(botId);
    this.redis
      .publish(this.channel, `${this.instanceId} ${botId}`)
      .catch((error: Error) => this.watch.failed('Redis', error));
  }

  /** Take this before reading the store; pass it to `wait` to catch a notice that came in between. */
  version(botId: string): number {
    return this.versions.get(botId) ?? 0;
  }

  /**
   * Resolves when the bot is notified (at once if it was since `seen`), after `ms`, or when `abort`
   * fires, whichever comes first.
   */
  wait(botId: string, seen: number, ms: number, abort?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (abort?.aborted || this.version(botId) !== seen) return resolve();
      const set = this.waiters.get(botId) ?? new Set<Wake>();
      this.waiters.set(botId, set);
      const done = (): void => {
        clearTimeout(timer);
        abort?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(botId) === set) this.waiters.delete(botId);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      abort?.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }

  private wakeLocal(botId: string): void {
    this.versions.set(botId, (this.versions.get(botId) ?? 0) + 1);
    const set = this.waiters.get(botId);
    if (set) for (const wake of [...set]) wake();
  }
}
