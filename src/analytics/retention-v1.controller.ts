import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ReportsService } from './reports.service';
import { RetentionDto, RetentionQueryDto } from './retention.dto';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/retention')
export class RetentionV1Controller {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @RequireScope('read')
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
