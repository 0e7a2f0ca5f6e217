import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { BotHealthService } from './bot-health.service';
import { AlertListDto, AlertsQueryDto, HealthDto, HealthQueryDto } from './health.dto';

@ApiTags('open-api')
@Controller('api/v1/bots/:id')
export class BotHealthV1Controller {
  constructor(private readonly health: BotHealthService) {}

  @Get('health')
  @RequireScope('read')
  @ApiOperation({
    summary: "The bot's health: reply times, unanswered messages, platform and target errors, per day",
  })
  @ApiOkResponse({ type: HealthDto })
  @ApiErrors(400, 404)
  report(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: HealthQueryDto,
  ): Promise<HealthDto> {
    return this.health.report(principal, id, query);
  }

  @Get('alerts')
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's alerts, newest first" })
  @ApiOkResponse({ type: AlertListDto })
  @ApiErrors(400, 404)
  alerts(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: AlertsQueryDto,
  ): Promise<AlertListDto> {
    return this.health.alertList(principal, id, query);
  }
}
