import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { PERIODS_LIMIT } from '../analytics/retention.dto';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { fileName } from '../contacts/csv-exports.service';
import { ReportReads, type ReadPools } from '../database/report-reads';
import { sendCsv } from '../exports/csv-download';
import { RevenueCohortsQueries } from './revenue-cohorts.queries';
import { RevenueCohortsDto, RevenueCohortsQueryDto, RevenueDto, RevenueQueryDto, revenueWindow } from './revenue.dto';
import { RevenueQueries } from './revenue.queries';

/** The revenue reads of the caller's account's bot (issue 26), answered alike to the open API and the cabinet. */
@Injectable()
export class RevenueService {
  constructor(
    // Downloads are reports: from the replica while it is fresh enough.
    @Inject(ReportReads) private readonly reads: ReadPools,
    private readonly access: BotAccess,
    private readonly revenue: RevenueQueries,
    private readonly cohortQueries: RevenueCohortsQueries,
  ) {}

  async report(principal: Principal, botId: string, query: RevenueQueryDto): Promise<RevenueDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const window = revenueWindow(query);
    // An empty `source=` is no filter, as in the funnel and retention reports.
    const report = await this.revenue.report(bot.id, window, query.source ? query.source : null);
    return { ...window, ...report };
  }

  async cohorts(principal: Principal, botId: string, query: RevenueCohortsQueryDto): Promise<RevenueCohortsDto> {
    const bot = await this.access.require(principal, botId, 'read');
    const { period } = query;
    const periods = query.periods ?? PERIODS_LIMIT[period].default;
    const source = query.source ? query.source : null;
    const currency = query.currency ?? (await this.cohortQueries.mostUsedCurrency(bot.id));
    const cohorts = await this.cohortQueries.cohorts(bot.id, period, periods, source, currency);
    return { period, source, currency, cohorts };
  }

  async exportPayments(principal: Principal, botId: string, res: Response): Promise<void> {
    const bot = await this.access.require(principal, botId, 'read');
    await this.reads.withPool((pool) =>
      sendCsv(res, pool, fileName(bot, 'payments'), this.revenue.exportQuery(bot.id)),
    );
  }
}
