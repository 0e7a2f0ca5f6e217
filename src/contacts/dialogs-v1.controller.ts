import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { BotsService } from '../bots/bots.service';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { DialogListDto, DialogsQueryDto } from './dialog.dto';
import { DialogsQueries } from './dialogs.queries';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/dialogs')
export class DialogsV1Controller {
  constructor(
    private readonly bots: BotsService,
    private readonly dialogs: DialogsQueries,
  ) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's dialogs, the one with the most recent message first" })
  @ApiOkResponse({ type: DialogListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: DialogsQueryDto,
  ): Promise<DialogListDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    return { data: await this.dialogs.list(bot.id, query.limit), limit: query.limit };
  }
}
