import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { OpenApiBotDto, OpenApiBotListDto } from './bot.dto';
import { presentOpenApiBot } from './bot.presenter';
import { BotsService } from './bots.service';

@ApiTags('open-api')
@Controller('api/v1/bots')
export class BotsV1Controller {
  constructor(private readonly bots: BotsService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The key owner's bots" })
  @ApiOkResponse({ type: OpenApiBotListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<OpenApiBotListDto> {
    return { data: (await this.bots.list(principal.accountId)).map(presentOpenApiBot) };
  }

  @Get(':id')
  @RequireScope('read')
  @ApiOperation({ summary: 'One bot' })
  @ApiOkResponse({ type: OpenApiBotDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<OpenApiBotDto> {
    return presentOpenApiBot(await this.bots.get(principal, id));
  }
}
