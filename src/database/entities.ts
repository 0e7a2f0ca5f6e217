import { ApiKey } from '../api-keys/api-key.entity';
import { EmailCode } from '../auth/entities/email-code.entity';
import { Session } from '../auth/entities/session.entity';
import { User } from '../auth/entities/user.entity';
import { Bot } from '../bots/bot.entity';
import { Intent } from '../intents/intent.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookSubscription } from '../webhooks/webhook-subscription.entity';

/** Every entity, listed once for the app's DataSource and the CLI's. */
export const entities = [User, EmailCode, Session, ApiKey, Bot, WebhookSubscription, WebhookDelivery, Intent];
