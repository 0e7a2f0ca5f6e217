import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { announceRelayed, Change, CHANGE_EVENT_NAMES, isRelayed } from '../common/changes';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { RedisClient, redisConnectionOptions } from '../queue/redis';

/**
 * Carries every change event (src/common/changes.ts) to the other instances of the deployment over
 * Redis pub/sub, and announces theirs on this instance's bus, so a bot deactivated through one
 * instance is refused by all of them at once. A notice lost while Redis is away is covered by the
 * caches' own refresh (the bot registry's 30 s); nothing is stored on the way.
 */
@Injectable()
export class ChangeRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeRelay');
  private readonly instanceId = randomBytes(8).toString('hex');
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: EventEmitter2,
    private readonly redis: RedisClient,
    private readonly watch: ConnectionWatch,
  ) {
    this.channel = `${config.redisKeyPrefix}:changes`;
  }

  onModuleInit(): void {
    for (const name of CHANGE_EVENT_NAMES) this.bus.on(name, (change: Change) => this.publish(change));
    this.subscriber = new Redis({ ...redisConnectionOptions(this.config.redisUrl), maxRetriesPerRequest: null });
    // ioredis subscribes again by itself after a reconnect.
    this.watch.redis(this.subscriber, 'Redis (change relay subscriber)');
    this.subscriber.on('message', (_channel: string, message: string) => this.receive(message));
    void this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Redis subscribe: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  private publish(change: Change): void {
    if (isRelayed(change)) return;
    this.redis
      .publish(this.channel, JSON.stringify({ origin: this.instanceId, change }))
      .catch((error: Error) => this.watch.failed('Redis', error));
  }

  private receive(message: string): void {
    let parsed: { origin?: unknown; change?: Change };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return this.logger.warn('A change notice that is not JSON was ignored');
    }
    const change = parsed.change;
    if (parsed.origin === this.instanceId || !change || !CHANGE_EVENT_NAMES.includes(change.type)) return;
    announceRelayed(this.bus, change);
  }
}
