import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { BotsService } from '../bots/bots.service';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { StatsDto, TimelineDto, TimelineQueryDto } from './stats.dto';
import { StatsQueries } from './stats.queries';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/stats')
export class StatsV1Controller {
  constructor(
    private readonly bots: BotsService,
    private readonly stats: StatsQueries,
  ) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's totals and 24-hour / 7-day activity, computed on each request" })
  @ApiOkResponse({ type: StatsDto })
  @ApiErrors(404)
  async summary(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<StatsDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    return this.stats.stats(bot.id);
  }

  @Get('timeline')
  @RequireScope('read')
  @ApiOperation({ summary: 'Messages and new contacts per UTC day over the last `days` days, oldest first' })
  @ApiOkResponse({ type: TimelineDto })
  @ApiErrors(400, 404)
  async timeline(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: TimelineQueryDto,
  ): Promise<TimelineDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    return { data: await this.stats.timeline(bot.id, query.days), days: query.days };
  }
}
