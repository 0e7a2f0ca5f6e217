import { DynamicModule, Module, Type } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AccountModule } from './account/account.module';
import { AdminModule } from './admin/admin.module';
import { BotHealthModule } from './bot-health/bot-health.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuditModule } from './audit/audit.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { AvatarsModule } from './avatars/avatars.module';
import { BotsModule } from './bots/bots.module';
import { BroadcastsModule } from './broadcasts/broadcasts.module';
import { CleanupModule } from './cleanup/cleanup.module';
import { ContactsModule } from './contacts/contacts.module';
import { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { dataSourceOptions } from './data-source-options';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { FleetModule } from './fleet/fleet.module';
import { ErasureModule } from './erasure/erasure.module';
import { FunnelsModule } from './funnels/funnels.module';
import { HealthModule } from './health/health.module';
import { IngestModule } from './ingest/ingest.module';
import { IntentsModule } from './intents/intents.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { LinksModule } from './links/links.module';
import { LiveModule } from './live/live.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { MessagingModule } from './messaging/messaging.module';
import { MirrorModule } from './mirror/mirror.module';
import { ProxyModule } from './proxy/proxy.module';
import { RevenueModule } from './revenue/revenue.module';
import { QueueModule } from './queue/queue.module';
import { RedisModule } from './queue/redis';
import { TeamsModule } from './teams/teams.module';
import { SupportModule } from './support/support.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export interface AppModuleOptions {
  /** Modules only tests add (e.g. a probe route behind a guard). */
  extraModules?: Array<Type | DynamicModule>;
  /** Where logs go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(options.logDestination),
        MetricsModule,
        LifecycleModule,
        DatabaseModule.forRoot(dataSourceOptions(config)),
        RedisModule,
        QueueModule,
        MailModule,
        HealthModule,
        AuthModule,
        ApiKeysModule,
        BotsModule,
        BillingModule,
        AccountModule,
        TeamsModule,
        AdminModule,
        AuditModule,
        SupportModule,
        CleanupModule,
        EventEmitterModule.forRoot(),
        FleetModule,
        IngestModule,
        MirrorModule,
        ProxyModule,
        LinksModule,
        ContactsModule,
        AnalyticsModule,
        RevenueModule,
        WebhooksModule,
        IntentsModule,
        MessagingModule,
        BroadcastsModule,
        FunnelsModule,
        ErasureModule,
        LiveModule,
        AvatarsModule,
        BotHealthModule,
        ...(options.extraModules ?? []),
      ],
    };
  }
}
