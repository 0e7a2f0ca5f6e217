import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { RedisOptions } from 'ioredis';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';

export function redisConnectionOptions(redisUrl: string): RedisOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // BullMQ workers need blocking commands to wait indefinitely through reconnects.
    maxRetriesPerRequest: null,
  };
}

/** One shared Redis client for everything that is not a queue (rate limits, health, caches). */
@Injectable()
export class RedisClient extends Redis implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig, watch: ConnectionWatch) {
    // A command waits through at most 3 reconnect attempts, then fails: a request never hangs on a Redis outage.
    super({ ...redisConnectionOptions(config.redisUrl), maxRetriesPerRequest: 3, lazyConnect: false });
    watch.redis(this, 'Redis');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.quit().catch(() => this.disconnect());
  }
}

// Global: true infrastructure, one shared Redis connection.
@Global()
@Module({ providers: [RedisClient], exports: [RedisClient] })
export class RedisModule {}
