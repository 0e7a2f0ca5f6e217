import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { QueueBase } from 'bullmq';
import { ConnectionWatch } from '../metrics/connection-watch';

/**
 * Every BullMQ queue of the app gets an error listener, found once at start, so a queue added later is
 * covered without a line of its own. Workers are watched by QueueWorker, which starts them.
 */
@Injectable()
export class QueueWatch implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly watch: ConnectionWatch,
  ) {}

  // At module init, before anything can fail the start: a refused start closes queues still connecting.
  onModuleInit(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof QueueBase) this.watch.bull(instance, `Redis (queue ${instance.name})`);
    }
  }
}
