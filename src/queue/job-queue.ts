import { BullModule } from '@nestjs/bullmq';
import type { DynamicModule } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { QueueName, queueSettings } from './job-settings';

/**
 * Registers a queue in its feature module (`imports: [jobQueue(Queues.mail)]`, with the module's
 * QueueWorker among its providers). Jobs added to it carry its settings' attempts, backoff and
 * retention unless the caller says otherwise.
 */
export function jobQueue(name: QueueName): DynamicModule {
  return BullModule.registerQueueAsync({
    name,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({ defaultJobOptions: queueSettings(config)[name].job }),
  });
}
