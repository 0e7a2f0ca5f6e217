import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { BotAlertsRepository } from '../bots/bot-alerts.repository';
import { AlertListDto, AlertsQueryDto, HealthDto, HealthQueryDto, healthWindow } from './health.dto';
import { HealthQueries } from './health.queries';

/** The health report and alert history of the caller's bot, answered alike to the open API and the cabinet. */
@Injectable()
export class BotHealthService {
  constructor(
    private readonly access: BotAccess,
    private readonly queries: HealthQueries,
    private readonly alerts: BotAlertsRepository,
  ) {}

  async report(principal: Principal, botId: string, query: HealthQueryDto): Promise<HealthDto> {
    const window = healthWindow(query);
    const bot = await this.access.require(principal, botId, 'read');
    return this.queries.report(bot.id, window, bot.replyWindowS);
  }

  async alertList(principal: Principal, botId: string, query: AlertsQueryDto): Promise<AlertListDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const rows = await this.alerts.list(bot.id, query.state ?? null);
    return {
      data: rows.map(({ id, kind, opened_at, resolved_at, details }) => ({
        id,
        kind,
        opened_at,
        resolved_at,
        details,
      })),
    };
  }
}
