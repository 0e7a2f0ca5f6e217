import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { PERIODS_LIMIT, RetentionDto, RetentionQueryDto } from './retention.dto';
import { RetentionQueries } from './retention.queries';
import { ButtonsDto } from './buttons.dto';
import { ButtonsQueries, PressWindow } from './buttons.queries';
import { SourcesDto } from './source.dto';
import { SourcesQueries } from './sources.queries';
import { StatsDto, TimelineDto } from './stats.dto';
import { StatsQueries } from './stats.queries';

/** The aggregate reports of the caller's account's bot, answered alike to the open API and the cabinet. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly access: BotAccess,
    private readonly statsQueries: StatsQueries,
    private readonly sourcesQueries: SourcesQueries,
    private readonly retentionQueries: RetentionQueries,
    private readonly buttonsQueries: ButtonsQueries,
  ) {}

  async stats(principal: Principal, botId: string): Promise<StatsDto> {
    const bot = await this.access.require(principal, botId, 'read');
    return this.statsQueries.stats(bot.id);
  }

  async timeline(principal: Principal, botId: string, days: number): Promise<TimelineDto> {
    const bot = await this.access.require(principal, botId, 'read');
    return { data: await this.statsQueries.timeline(bot.id, days), days };
  }

  async sources(principal: Principal, botId: string): Promise<SourcesDto> {
    const bot = await this.access.require(principal, botId, 'read');
    return { utm_key: bot.utmKey, data: await this.sourcesQueries.rows(bot.id) };
  }

  async retention(principal: Principal, botId: string, query: RetentionQueryDto): Promise<RetentionDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const { period } = query;
    const periods = query.periods ?? PERIODS_LIMIT[period].default;
    // An empty `source=` is no filter, as in the funnel report.
    const source = query.source ? query.source : null;
    return { period, source, cohorts: await this.retentionQueries.cohorts(bot.id, period, periods, source) };
  }

  async buttons(principal: Principal, botId: string, window: PressWindow): Promise<ButtonsDto> {
    const bot = await this.access.require(principal, botId, 'read');
    return { data: await this.buttonsQueries.rows(bot.id, window) };
  }
}
