import { Injectable } from '@nestjs/common';
import { BotsService } from '../bots/bots.service';
import { SourcesDto } from './source.dto';
import { SourcesQueries } from './sources.queries';
import { StatsDto, TimelineDto } from './stats.dto';
import { StatsQueries } from './stats.queries';

/** The aggregate reports of the caller's account's bot, answered alike to the open API and the cabinet. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly bots: BotsService,
    private readonly statsQueries: StatsQueries,
    private readonly sourcesQueries: SourcesQueries,
  ) {}

  async stats(accountId: string, botId: string): Promise<StatsDto> {
    const bot = await this.bots.getOwned(accountId, botId);
    return this.statsQueries.stats(bot.id);
  }

  async timeline(accountId: string, botId: string, days: number): Promise<TimelineDto> {
    const bot = await this.bots.getOwned(accountId, botId);
    return { data: await this.statsQueries.timeline(bot.id, days), days };
  }

  async sources(accountId: string, botId: string): Promise<SourcesDto> {
    const bot = await this.bots.getOwned(accountId, botId);
    return { utm_key: bot.utmKey, data: await this.sourcesQueries.rows(bot.id) };
  }
}
