import { ApiProperty } from '@nestjs/swagger';
import { PLATFORMS, Platform } from '../../platforms/platform';

/** The platform's view of a bot's proxy-webhook connection (Telegram getWebhookInfo; MAX GET /subscriptions). */
export class WebhookInfoDto {
  @ApiProperty({ enum: PLATFORMS })
  platform: Platform;
  /** True when the platform delivers this bot's updates to its proxy URL. */
  connected: boolean;
  /** Where the platform delivers updates now (Telegram: any webhook URL; MAX: the proxy URL if subscribed), or null. */
  url: string | null;
  /** This bot's proxy URL, the address Botlens sets on the platform. */
  proxy_url: string;
  /** Telegram `allowed_updates` / MAX `update_types` of that webhook. */
  update_types: string[];
  /** Telegram only (null on MAX): updates the platform has not delivered yet. */
  pending_update_count: number | null;
  /** Telegram only: when and why the last delivery failed. */
  last_error_at: Date | null;
  last_error_message: string | null;
  /** Whether deliveries must carry the platform secret header Botlens set. */
  has_secret: boolean;
}
