import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { DialogListDto, DialogsQueryDto } from './dialog.dto';
import { DialogsService } from './dialogs.service';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/dialogs')
export class DialogsV1Controller {
  constructor(private readonly dialogs: DialogsService) {}

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
    return {
      data: await this.dialogs.list(principal, id, query.limit, query.unanswered === 'true'),
      limit: query.limit,
    };
  }
}
