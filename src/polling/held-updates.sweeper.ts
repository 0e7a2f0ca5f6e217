import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HeldUpdatesStore } from './held-updates.store';
import { describeError } from '../logging/describe-error';

const SWEEP_EVERY_MS = 60_000;

/**
 * Applies the held-update caps once a minute. Every instance sweeps; the deletes are idempotent,
 * so running them twice costs nothing but a query.
 */
@Injectable()
export class HeldUpdatesSweeper implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('HeldUpdatesSweeper');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: HeldUpdatesStore) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      await this.store.prune();
    } catch (error) {
      this.logger.warn(`Pruning held updates failed: ${describeError(error)}`);
    }
  }
}
