import { BadRequestException, Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { Messages } from '../common/messages';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { FunnelConfigAnswerDto, FunnelConfigDto, FunnelResultDto } from './funnel.dto';
import { FunnelsService } from './funnels.service';

@ApiTags('funnels')
@Controller('api/bots/:id/funnel')
@SessionAuth()
@ApiErrors(404)
export class FunnelsController {
  constructor(private readonly funnels: FunnelsService) {}

  @Get('config')
  @ApiOperation({ summary: "The bot's funnel stages (empty until the first PUT)" })
  @ApiOkResponse({ type: FunnelConfigAnswerDto })
  async getConfig(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
  ): Promise<FunnelConfigAnswerDto> {
    return { stages: await this.funnels.stages(principal, botId) };
  }

  @Put('config')
  @ApiOperation({
    summary: 'Replace the funnel stages; new stage conditions are counted over the history in the background',
  })
  @ApiOkResponse({ type: FunnelConfigAnswerDto })
  @ApiErrors(400)
  async putConfig(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Body() body: FunnelConfigDto,
  ): Promise<FunnelConfigAnswerDto> {
    return { stages: await this.funnels.replaceStages(principal, botId, body) };
  }

  @Get()
  @ApiOperation({ summary: 'Contacts that reached each stage, and the conversion from the stage before' })
  @ApiQuery({
    name: 'source',
    required: false,
    description:
      'Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one)',
  })
  @ApiOkResponse({ type: FunnelResultDto })
  @ApiErrors(400)
  async result(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Query('source') source?: unknown,
  ): Promise<FunnelResultDto> {
    if (source !== undefined && typeof source !== 'string') throw new BadRequestException(Messages.funnelSourceOnce);
    return this.funnels.result(principal, botId, source ? source : null);
  }
}
