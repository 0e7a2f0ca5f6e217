import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue, QueueBase } from 'bullmq';
import { ConnectionWatch } from '../metrics/connection-watch';
import { Metrics } from '../metrics/metrics';

/**
 * Every BullMQ queue of the app gets an error listener, and its job counts a gauge read at scrape,
 * found once at start, so a queue added later is covered without a line of its own. Workers are
 * watched by QueueWorker, which starts them.
 */
@Injectable()
export class QueueWatch implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly watch: ConnectionWatch,
    private readonly metrics: Metrics,
  ) {}

  // At module init, before anything can fail the start: a refused start closes queues still connecting.
  onModuleInit(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) this.metrics.watchQueue(instance);
      if (instance instanceof QueueBase) this.watch.bull(instance, `Redis (queue ${instance.name})`);
    }
  }
}
