import type { DataSourceOptions } from 'typeorm';
import { ApiKey } from './api-keys/api-key.entity';
import { EmailCode } from './auth/entities/email-code.entity';
import { Session } from './auth/entities/session.entity';
import { User } from './auth/entities/user.entity';
import { Bot } from './bots/bot.entity';
import type { AppConfig } from './config/config';
import { databaseOptions } from './database/database-options';
import { Intent } from './intents/intent.entity';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity';
import { WebhookSubscription } from './webhooks/webhook-subscription.entity';

/** Every entity, listed once for the app's DataSource and the CLI's; here at the root, so src/database knows no module. */
export const entities = [User, EmailCode, Session, ApiKey, Bot, WebhookSubscription, WebhookDelivery, Intent];

/** The app's DataSource: the database's options with every entity (the app, the TypeORM CLI, the medium tests). */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl'>): DataSourceOptions {
  return { ...databaseOptions(config), entities };
}
