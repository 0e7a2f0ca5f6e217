import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { InstanceChannel } from '../queue/instance-channel';
import { RedisClient } from '../queue/redis';

type Wake = () => void;

/**
 * Wakes long polls waiting for a bot's held updates. The instance that held the update wakes its
 * own waiters at once and publishes on Redis for the others; waiters re-read the database either
 * way, so a lost notice only delays an answer until the poll's next re-check.
 */
@Injectable()
export class HeldUpdateSignal implements OnModuleInit, OnApplicationShutdown {
  private readonly waiters = new Map<string, Set<Wake>>();
  /** Counts notices per bot, so a poll can tell whether one arrived while it was reading. */
  private readonly versions = new Map<string, number>();
  private readonly channel: InstanceChannel;

  constructor(@Inject(APP_CONFIG) config: AppConfig, redis: RedisClient, watch: ConnectionWatch) {
    this.channel = new InstanceChannel('held-updates', config, redis, watch);
  }

  onModuleInit(): void {
    this.channel.listen((botId) => this.wakeLocal(botId));
  }

  async onApplicationShutdown(): Promise<void> {
    for (const botId of [...this.waiters.keys()]) this.wakeLocal(botId);
    await this.channel.close();
  }

  /** Something was held for the bot: wake its polls here and on every other instance. */
  notify(botId: string): void {
    this.wakeLocal(botId);
    this.channel.publish(botId);
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
