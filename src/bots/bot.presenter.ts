import { alertRules } from './alert-rules';
import { BotDto, BotMode, OpenAlertDto, OpenApiBotDto } from './bot.dto';
import { Bot } from './bot.entity';

const MIRROR_PATHS = { telegram: '/tg', max: '/max' } as const;

export function botMode(bot: Bot): BotMode {
  if (!bot.tokenEncrypted) return 'analytics_only';
  return bot.targetUrl ? 'proxy' : 'mirror';
}

export function presentBot(bot: Bot, publicBaseUrl: string, openAlerts: OpenAlertDto[] = []): BotDto {
  return {
    id: bot.id,
    name: bot.name,
    platform: bot.platform,
    username: bot.username,
    avatar_url: bot.avatarUrl,
    has_token: bot.tokenEncrypted !== null,
    active: bot.active,
    mode: botMode(bot),
    target_url: bot.targetUrl,
    utm_key: bot.utmKey,
    proxy_url: `${publicBaseUrl}/proxy/${bot.id}/${bot.proxySecret}`,
    mirror_url: `${publicBaseUrl}${MIRROR_PATHS[bot.platform]}`,
    last_forward_error: bot.lastForwardError,
    last_forward_at: bot.lastForwardAt,
    reply_window_s: bot.replyWindowS,
    alerts: alertRules(bot.alertRules),
    open_alerts: openAlerts,
    created_at: bot.createdAt,
  };
}

export function presentOpenApiBot(bot: Bot): OpenApiBotDto {
  return {
    id: bot.id,
    name: bot.name,
    platform: bot.platform,
    username: bot.username,
    active: bot.active,
    created_at: bot.createdAt,
  };
}
