import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ReportsService } from './reports.service';
import { SourcesDto } from './source.dto';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/sources')
export class SourcesV1Controller {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: 'Contacts and touches per traffic source and campaign, with the source mappings applied' })
  @ApiOkResponse({ type: SourcesDto })
  @ApiErrors(404)
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SourcesDto> {
    return this.reports.sources(principal, id);
  }
}
