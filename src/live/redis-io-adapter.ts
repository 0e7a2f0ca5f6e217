import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis, { RedisOptions } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { AppConfig } from '../config/config';
import { ConnectionWatch } from '../metrics/connection-watch';
import { redisConnectionOptions } from '../queue/redis';

const PUBLISHER = 'Redis (live publisher)';

/**
 * The adapter publishes without waiting and without a catch: a failed publish must not become an
 * unhandled rejection (which ends the process). Without an offline queue it fails at once while
 * Redis is away, so an outage drops live updates instead of piling them up in memory.
 * Auto-pipelining: the ingest emits one `dialog.updated` per message of a committed batch in one go,
 * and those publishes leave in one write (one wake-up of Redis) instead of one each.
 */
class LivePublisher extends Redis {
  constructor(
    options: RedisOptions,
    private readonly connectionWatch: ConnectionWatch,
  ) {
    super({ ...options, enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  }

  override publish(channel: string | Buffer, message: string | Buffer): Promise<number> {
    return super.publish(channel, message).catch((error: unknown) => {
      this.connectionWatch.failed(PUBLISHER, error);
      return 0;
    });
  }
}

/**
 * The adapter subscribes without a catch as well. Its subscriptions wait through an outage (no retry limit) and are
 * renewed on reconnect, so they fail only when the connection is closed before Redis answered them: an app shut
 * down, or refused at boot, while still connecting (seen on a loaded CI machine). That is no error worth ending the
 * process for as an unhandled rejection; the caller still gets the same promise.
 */
class LiveSubscriber extends Redis {
  constructor(options: RedisOptions) {
    super({ ...options, maxRetriesPerRequest: null });
  }

  override subscribe(...args: unknown[]): Promise<unknown> {
    return settledQuietly(Redis.prototype.subscribe.apply(this, args as never));
  }

  override psubscribe(...args: unknown[]): Promise<unknown> {
    return settledQuietly(Redis.prototype.psubscribe.apply(this, args as never));
  }
}

function settledQuietly<T>(pending: Promise<T>): Promise<T> {
  pending.catch(() => undefined);
  return pending;
}

/**
 * socket.io over Redis pub/sub (@socket.io/redis-adapter), so every instance's sockets hear what any
 * instance emits to a room, and server-side events reach every instance. The channels carry the
 * deployment's key prefix, so runs sharing one Redis stay apart. Both clients reconnect by themselves
 * (the subscriber subscribes again); their errors are logged once per outage like every other client's.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly watch: ConnectionWatch,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const connection = redisConnectionOptions(this.config.redisUrl);
    const publisher = new LivePublisher(connection, this.watch);
    const subscriber = new LiveSubscriber(connection);
    this.watch.redis(publisher, PUBLISHER);
    this.watch.redis(subscriber, 'Redis (live subscriber)');
    this.clients.push(publisher, subscriber);
    server.adapter(createAdapter(publisher, subscriber, { key: `${this.config.redisKeyPrefix}:socket.io` }));
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}
