import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiCsvResponse } from '../exports/csv-response.decorator';
import { CsvExports } from './csv-exports.service';
import { MessagesExportQueryDto } from './message.dto';
import { MESSAGE_COLUMNS, messageFilter } from './messages-v1.controller';

/** The dialogs screen's «Скачать CSV»: the open API's messages export with the session. */
@ApiTags('dialogs')
@Controller('api/bots/:id/messages')
@SessionAuth()
export class MessagesExportController {
  constructor(private readonly exports: CsvExports) {}

  @Get('export.csv')
  @ApiOperation({ summary: "The bot's messages as a CSV file, as the open API's export gives them" })
  @ApiCsvResponse(MESSAGE_COLUMNS)
  @ApiErrors(400, 404)
  export(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: MessagesExportQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    // The list's limit does not apply: the export sends every message the filters select.
    return this.exports.messages(principal, id, messageFilter({ ...query, limit: 0 }), res);
  }
}
