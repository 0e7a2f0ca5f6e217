import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ReportsService } from './reports.service';
import { SourcesDto } from './source.dto';

/** The cabinet's sources report: the same answer as the open API's. */
@ApiTags('sources')
@Controller('api/bots/:id/sources')
@SessionAuth()
export class SourcesController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Contacts and touches per traffic source and campaign, with the source mappings applied' })
  @ApiOkResponse({ type: SourcesDto })
  @ApiErrors(404)
  list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SourcesDto> {
    return this.reports.sources(principal, id);
  }
}
