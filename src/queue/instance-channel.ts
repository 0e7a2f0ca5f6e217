import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AppConfig } from '../config/config';
import { ConnectionWatch } from '../metrics/connection-watch';
import { RedisClient, redisConnectionOptions } from './redis';

/**
 * A Redis pub/sub channel between the instances of one deployment: each instance hears what the
 * others publish, never its own messages. Notices only: one lost while Redis is away is not sent
 * again, so its users must have a fallback (a re-read, a cache refresh).
 */
export class InstanceChannel {
  private readonly origin = randomBytes(8).toString('hex');
  private readonly channel: string;
  private readonly logger: Logger;
  private subscriber: Redis | null = null;

  constructor(
    name: string,
    private readonly config: AppConfig,
    private readonly redis: RedisClient,
    private readonly watch: ConnectionWatch,
  ) {
    this.channel = `${config.redisKeyPrefix}:${name}`;
    this.logger = new Logger(`InstanceChannel ${name}`);
  }

  /**
   * Subscribes on a connection of its own; `onMessage` gets each other instance's message. With
   * `subscribeNow` false the connection waits for subscribe() (a channel heard only at times).
   */
  listen(onMessage: (message: string) => void, subscribeNow = true): void {
    this.subscriber = new Redis({ ...redisConnectionOptions(this.config.redisUrl), maxRetriesPerRequest: null });
    // ioredis subscribes again by itself after a reconnect.
    this.watch.redis(this.subscriber, `Redis (${this.channel} subscriber)`);
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const space = raw.indexOf(' ');
      if (space > 0 && raw.slice(0, space) !== this.origin) onMessage(raw.slice(space + 1));
    });
    if (subscribeNow) void this.subscribe();
  }

  /** Resolves true once Redis has the subscription, false when it could not be made (logged). */
  subscribe(): Promise<boolean> {
    if (!this.subscriber) return Promise.resolve(false);
    return this.subscriber.subscribe(this.channel).then(
      () => true,
      (error: Error) => {
        this.logger.warn(`Redis subscribe: ${error.message}`);
        return false;
      },
    );
  }

  unsubscribe(): void {
    void this.subscriber
      ?.unsubscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Redis unsubscribe: ${error.message}`));
  }

  publish(message: string): void {
    this.redis
      .publish(this.channel, `${this.origin} ${message}`)
      .catch((error: Error) => this.watch.failed('Redis', error));
  }

  /**
   * Like publish, but dropped at once while Redis is away, for notices that must never pile up in memory.
   * Resolves with how many subscriptions (this instance's own included) Redis gave it to, or null when
   * it was dropped or failed.
   */
  publishIfConnected(message: string): Promise<number | null> {
    if (this.redis.status !== 'ready') return Promise.resolve(null);
    return this.redis.publish(this.channel, `${this.origin} ${message}`).catch((error: Error) => {
      this.watch.failed('Redis', error);
      return null;
    });
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
