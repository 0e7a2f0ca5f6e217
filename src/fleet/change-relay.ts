import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { announceRelayed, Change, CHANGE_EVENT_NAMES, isRelayed } from '../common/changes';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { InstanceChannel } from '../queue/instance-channel';
import { RedisClient } from '../queue/redis';

/**
 * Carries every change event (src/common/changes.ts) to the other instances of the deployment over
 * Redis pub/sub, and announces theirs on this instance's bus, so a bot deactivated through one
 * instance is refused by all of them at once. A notice lost while Redis is away is covered by the
 * caches' own refresh (the bot registry's 30 s); nothing is stored on the way.
 */
@Injectable()
export class ChangeRelay implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeRelay');
  private readonly channel: InstanceChannel;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly bus: EventEmitter2,
    redis: RedisClient,
    watch: ConnectionWatch,
  ) {
    this.channel = new InstanceChannel('changes', config, redis, watch);
  }

  onModuleInit(): void {
    for (const name of CHANGE_EVENT_NAMES) this.bus.on(name, (change: Change) => this.publish(change));
    this.channel.listen((message) => this.receive(message));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.channel.close();
  }

  private publish(change: Change): void {
    if (!isRelayed(change)) this.channel.publish(JSON.stringify(change));
  }

  private receive(message: string): void {
    let change: Change;
    try {
      change = JSON.parse(message) as Change;
    } catch {
      return this.logger.warn('A change notice that is not JSON was ignored');
    }
    if (CHANGE_EVENT_NAMES.includes(change?.type)) announceRelayed(this.bus, change);
  }
}
