import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { AddedIn } from '../common/swagger/added-in.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ContactsQueryDto } from '../contacts/contact.dto';
import { BroadcastDto, BroadcastPageDto } from './broadcast.dto';
import { BroadcastsService } from './broadcasts.service';

/** Past broadcasts in the open API (v1.1): the cabinet's view of them, paged like the other v1 lists. */
@ApiTags('open-api')
@Controller('api/v1/bots/:id/broadcasts')
export class BroadcastsV1Controller {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Get()
  @RequireScope('read')
  @AddedIn('1.1')
  @ApiOperation({
    summary: "The bot's broadcasts, open-API and closed, newest first, with counts, status and timing",
  })
  @ApiOkResponse({ type: BroadcastPageDto })
  @ApiErrors(400, 404)
  page(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    // The contacts list's paging: limit 1–1000 (default 100), offset ≥ 0, else 400 `неверный limit/offset`.
    @Query() query: ContactsQueryDto,
  ): Promise<BroadcastPageDto> {
    return this.broadcasts.page(principal, id, query.limit, query.offset);
  }

  @Get(':broadcastId')
  @RequireScope('read')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'One broadcast of the bot with its counts, status and timing' })
  @ApiOkResponse({ type: BroadcastDto })
  @ApiErrors(404)
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('broadcastId') broadcastId: string,
  ): Promise<BroadcastDto> {
    return this.broadcasts.get(principal, id, broadcastId);
  }
}
