import { DynamicModule, Module, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from './admin/admin.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthModule } from './auth/auth.module';
import { BotsModule } from './bots/bots.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { HealthModule } from './health/health.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './queue/redis';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, extraModules: Array<Type | DynamicModule> = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        TypeOrmModule.forRoot(dataSourceOptions(config)),
        RedisModule,
        QueueModule,
        MailModule,
        HealthModule,
        AuthModule,
        ApiKeysModule,
        BotsModule,
        AdminModule,
        ...extraModules,
      ],
    };
  }
}
