import type { AlertKind } from '../bots/alert-rules';

/** Emitted once an alert is opened or resolved (committed); heard by webhook delivery (issue 27). */
export const BOT_ALERT_OPENED = 'bot.alert.opened';
export const BOT_ALERT_RESOLVED = 'bot.alert.resolved';

/** The events' data (docs/health.md), plus the bot's account for routing. */
export interface BotAlertEvent {
  userId: string;
  bot_id: string;
  alert_id: string;
  kind: AlertKind;
  opened_at: string;
  resolved_at: string | null;
  details: Record<string, unknown>;
}
