import { BullRegistrar, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue, QueueBase } from 'bullmq';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ConnectionWatch } from '../metrics/connection-watch';
import { Metrics } from '../metrics/metrics';

/**
 * Every BullMQ queue and `@Processor` worker of the app gets an error listener, found once at start, so
 * a queue added later is covered without a line of its own. Workers built by hand are watched by their owners.
 */
@Injectable()
export class QueueWatch implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly watch: ConnectionWatch,
    private readonly metrics: Metrics,
    private readonly registrar: BullRegistrar,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** PROCESS_ROLE=api takes no jobs: its `@Processor` workers are never created. */
  onModuleInit(): void {
    if (runsWorkers(this.config)) this.registrar.register();
  }

  onApplicationBootstrap(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) this.metrics.watchQueue(instance);
      if (instance instanceof QueueBase) this.watch.bull(instance, `Redis (queue ${instance.name})`);
      else if (instance instanceof WorkerHost && runsWorkers(this.config))
        this.watch.bull(instance.worker, `Redis (worker ${instance.worker.name})`);
    }
  }
}
