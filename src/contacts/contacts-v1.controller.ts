import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { AddedIn } from '../common/swagger/added-in.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiCsvResponse } from '../exports/csv-response.decorator';
import { CsvExports } from './csv-exports.service';
import { ContactDetailDto, ContactListDto, ContactSearchQueryDto } from './contact.dto';
import { ContactsService } from './contacts.service';

export const CONTACT_COLUMNS =
  'id, external_user_id, username, first_name, last_name, is_premium, last_seen_at, messages_count, payments, ' +
  'revenue (each currency and its net, `RUB 99000; XTR 1500`)';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/contacts')
export class ContactsV1Controller {
  constructor(
    private readonly contacts: ContactsService,
    private readonly exports: CsvExports,
  ) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({
    summary: "The bot's contacts, most recently seen first",
    description:
      'Since API v1.1, `q` finds contacts by a part of the name, username or phone, or by the user id, as in the ' +
      'cabinet; `total` then counts what the search finds.',
  })
  @ApiOkResponse({ type: ContactListDto })
  @ApiErrors(400, 404)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ContactSearchQueryDto,
  ): Promise<ContactListDto> {
    return this.contacts.list(principal, id, query);
  }

  // Declared before `:userId`, which would take `export.csv` for a user id.
  @Get('export.csv')
  @RequireScope('read')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'Every contact of the bot as a CSV file, most recently seen first, streamed' })
  @ApiCsvResponse(CONTACT_COLUMNS)
  @ApiErrors(404)
  export(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() res: Response): Promise<void> {
    return this.exports.contacts(principal, id, res);
  }

  @Get(':userId')
  @RequireScope('read')
  @ApiOperation({ summary: 'One contact by its platform user id: profile, message counts and attribution' })
  @ApiOkResponse({ type: ContactDetailDto })
  @ApiErrors(404)
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<ContactDetailDto> {
    return this.contacts.get(principal, id, userId);
  }
}
