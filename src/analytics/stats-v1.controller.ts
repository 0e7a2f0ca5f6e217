import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ReportsService } from './reports.service';
import { StatsDto, TimelineDto, TimelineQueryDto } from './stats.dto';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/stats')
export class StatsV1Controller {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's totals and 24-hour / 7-day activity, computed on each request" })
  @ApiOkResponse({ type: StatsDto })
  @ApiErrors(404)
  summary(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StatsDto> {
    return this.reports.stats(principal, id);
  }

  @Get('timeline')
  @RequireScope('read')
  @ApiOperation({ summary: 'Messages and new contacts per UTC day over the last `days` days, oldest first' })
  @ApiOkResponse({ type: TimelineDto })
  @ApiErrors(400, 404)
  timeline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: TimelineQueryDto,
  ): Promise<TimelineDto> {
    return this.reports.timeline(principal, id, query.days);
  }
}
