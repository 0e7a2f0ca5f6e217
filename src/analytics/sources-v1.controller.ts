import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { BotsService } from '../bots/bots.service';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { SourcesDto } from './source.dto';
import { SourcesQueries } from './sources.queries';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/sources')
export class SourcesV1Controller {
  constructor(
    private readonly bots: BotsService,
    private readonly sources: SourcesQueries,
  ) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: 'Contacts and touches per traffic source and campaign, with the source mappings applied' })
  @ApiOkResponse({ type: SourcesDto })
  @ApiErrors(404)
  async list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SourcesDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    return { utm_key: bot.utmKey, data: await this.sources.rows(bot.id) };
  }
}
