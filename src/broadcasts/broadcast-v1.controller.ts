import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiBotDeactivated, ApiErrors } from '../common/swagger/api-errors.decorator';
import { BroadcastResultDto, BroadcastV1RequestDto } from './broadcast.dto';
import { BroadcastsService } from './broadcasts.service';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/broadcast')
export class BroadcastV1Controller {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Post()
  @HttpCode(200)
  // Above the scope's 403, so its description follows that one.
  @ApiBotDeactivated()
  @RequireScope('write')
  @ApiOperation({
    summary: 'Send a text to every contact of the bot; answers when the last one is processed',
    description:
      'Contacts that blocked the bot are left out. Paced at the platform limit (30 sends/s by default, about 3 minutes ' +
      'for 5,000 contacts). The broadcast runs as a background job: if the client goes away or times out, it still ' +
      'finishes; see it in GET /api/bots/{id}/broadcasts. Two identical calls send two broadcasts; do not retry after 5xx.',
  })
  @ApiOkResponse({ type: BroadcastResultDto })
  @ApiErrors(400, 404, 503)
  broadcast(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: BroadcastV1RequestDto,
    @Req() req: Request,
  ): Promise<BroadcastResultDto> {
    // The answer may take minutes: no idle timeout may close this connection while the job runs.
    req.setTimeout(0);
    return this.broadcasts.broadcastToAll(principal, id, body ?? {});
  }
}
