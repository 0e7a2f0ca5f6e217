import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { RevenueCohortsDto, RevenueCohortsQueryDto, RevenueDto, RevenueQueryDto } from './revenue.dto';
import { RevenueService } from './revenue.service';

export const REVENUE_SUMMARY =
  'Revenue of a window of UTC days: per currency, per source, per product (payload) and per day';
export const COHORTS_SUMMARY =
  'LTV cohorts: contacts first seen in each week or day, and their net revenue per contact by the end of each period since';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/revenue')
export class RevenueV1Controller {
  constructor(private readonly revenue: RevenueService) {}

  @Get()
  @RequireScope('read')
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

  @Get('cohorts')
  @RequireScope('read')
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
}
