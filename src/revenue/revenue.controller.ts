import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiCsvResponse } from '../exports/csv-response.decorator';
import { RevenueCohortsDto, RevenueCohortsQueryDto, RevenueDto, RevenueQueryDto } from './revenue.dto';
import { COHORTS_SUMMARY, REVENUE_SUMMARY } from './revenue-v1.controller';
import { RevenueService } from './revenue.service';

export const PAYMENT_COLUMNS =
  'id, bot_id, user_id, amount, currency, charge_id, provider_charge_id, payload, recurring, first_recurring, ' +
  'subscription_expires_at, paid_at, refunded_at, source_value, campaign_name';

/** The cabinet's «Выручка»: the open API's revenue reads with the session, and the payments as a CSV file. */
@ApiTags('revenue')
@Controller('api/bots/:id')
@SessionAuth()
export class RevenueController {
  constructor(private readonly revenue: RevenueService) {}

  @Get('revenue')
  @ApiOperation({ summary: REVENUE_SUMMARY })
  @ApiOkResponse({ type: RevenueDto })
  @ApiErrors(400, 404)
  report(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: RevenueQueryDto,
  ): Promise<RevenueDto> {
    return this.revenue.report(principal, id, query);
  }

  @Get('revenue/cohorts')
  @ApiOperation({ summary: COHORTS_SUMMARY })
  @ApiOkResponse({ type: RevenueCohortsDto })
  @ApiErrors(400, 404)
  cohorts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: RevenueCohortsQueryDto,
  ): Promise<RevenueCohortsDto> {
    return this.revenue.cohorts(principal, id, query);
  }

  @Get('payments/export.csv')
  @ApiOperation({ summary: "The cabinet's «Скачать CSV» of payments: every payment of the bot, newest first" })
  @ApiCsvResponse(PAYMENT_COLUMNS)
  @ApiErrors(404)
  exportPayments(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Res() res: Response,
  ): Promise<void> {
    return this.revenue.exportPayments(principal, id, res);
  }
}
