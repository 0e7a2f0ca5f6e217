import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { QueueWatch } from './queue-watch';
import { redisConnectionOptions } from './redis';

/** BullMQ on the configured Redis; every queue of the service registers under this connection. */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: redisConnectionOptions(config.redisUrl),
        prefix: `${config.redisKeyPrefix}:bull`,
      }),
      // `@Processor` workers start only where PROCESS_ROLE runs workers (QueueWatch registers them).
      extraOptions: { manualRegistration: true },
    }),
  ],
  providers: [QueueWatch],
})
export class QueueModule {}
