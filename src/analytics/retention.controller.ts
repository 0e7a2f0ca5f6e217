import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ReportsService } from './reports.service';
import { RetentionDto, RetentionQueryDto } from './retention.dto';

/** The cabinet's cohort triangle: the same answer as the open API's retention report. */
@ApiTags('stats')
@Controller('api/bots/:id/retention')
@SessionAuth()
export class RetentionController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Retention cohorts: contacts first seen in each week or day, and how many wrote again in each period since',
  })
  @ApiOkResponse({ type: RetentionDto })
  @ApiErrors(400, 404)
  cohorts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: RetentionQueryDto,
  ): Promise<RetentionDto> {
    return this.reports.retention(principal, id, query);
  }
}
