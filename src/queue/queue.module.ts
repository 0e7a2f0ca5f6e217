import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { redisConnectionOptions } from './redis';

/** BullMQ on the configured Redis; every queue of the service registers under this connection. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: redisConnectionOptions(config.redisUrl),
        prefix: `${config.redisKeyPrefix}:bull`,
      }),
    }),
  ],
})
export class QueueModule {}
