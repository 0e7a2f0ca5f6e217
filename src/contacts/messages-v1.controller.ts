import { BadRequestException, Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { parseTimeBound } from '../common/http/query-params';
import { Messages } from '../common/messages';
import { AddedIn } from '../common/swagger/added-in.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiCsvResponse } from '../exports/csv-response.decorator';
import { CsvExports } from './csv-exports.service';
import { MessageListDto, MessagesExportQueryDto, MessagesQueryDto } from './message.dto';
import { DialogsService } from './dialogs.service';
import { MessageFilter } from './messages.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MESSAGE_COLUMNS = 'id, direction, external_user_id, text, created_at';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/messages')
export class MessagesV1Controller {
  constructor(
    private readonly dialogs: DialogsService,
    private readonly exports: CsvExports,
  ) {}

  @Get('export.csv')
  @RequireScope('read')
  @AddedIn('1.1')
  @ApiOperation({
    summary:
      "The bot's messages as a CSV file, newest first, streamed; `from`, `to` and `userId` filter as in the list",
  })
  @ApiCsvResponse(MESSAGE_COLUMNS)
  @ApiErrors(400, 404)
  export(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: MessagesExportQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    return this.exports.messages(principal, id, messageFilter({ ...query, limit: 0 }), res);
  }

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's messages, newest first, optionally of one user and within a time window" })
  @ApiOkResponse({ type: MessageListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: MessagesQueryDto,
  ): Promise<MessageListDto> {
    const filter = messageFilter(query);
    return { data: await this.dialogs.messagesOf(principal, id, filter), limit: query.limit };
  }
}

/** Turns the validated query into bounds; a window that ends before it starts is a bad from/to. */
export function messageFilter(query: MessagesQueryDto): MessageFilter {
  const from = query.from === undefined ? null : parseTimeBound(query.from);
  const to = query.to === undefined ? null : parseTimeBound(query.to);
  const filter: MessageFilter = { userId: query.userId, limit: query.limit, notBefore: from?.at };
  if (to?.wholeDay) filter.before = new Date(to.at.getTime() + DAY_MS);
  else if (to) filter.notAfter = to.at;
  const end = filter.notAfter ?? (filter.before && new Date(filter.before.getTime() - 1));
  if (from && end && from.at > end) throw new BadRequestException(Messages.badTimeRange);
  return filter;
}
