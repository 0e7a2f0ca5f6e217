import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiCsvResponse } from '../exports/csv-response.decorator';
import { CONTACT_COLUMNS } from './contacts-v1.controller';
import { CsvExports } from './csv-exports.service';
import { CabinetContactDetailDto, CabinetContactListDto, ContactSearchQueryDto } from './contact.dto';
import { ContactsService } from './contacts.service';

/** The cabinet's contacts: the open API's reads with search, language, blocked state and avatar links. */
@ApiTags('contacts')
@Controller('api/bots/:id/contacts')
@SessionAuth()
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly exports: CsvExports,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "The bot's contacts, most recently seen first; `q` finds them by a part of the name, username or phone, or by the user id",
  })
  @ApiOkResponse({ type: CabinetContactListDto })
  @ApiErrors(400, 404)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ContactSearchQueryDto,
  ): Promise<CabinetContactListDto> {
    return this.contacts.cabinetList(principal, id, query);
  }

  // Declared before `:userId`, which would take `export.csv` for a user id.
  @Get('export.csv')
  @ApiOperation({ summary: "The cabinet's «Скачать CSV»: every contact as the open API's export gives them" })
  @ApiCsvResponse(CONTACT_COLUMNS)
  @ApiErrors(404)
  export(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() res: Response): Promise<void> {
    return this.exports.contacts(principal, id, res);
  }

  @Get(':userId')
  @ApiOperation({ summary: 'One contact by its platform user id: profile, message counts and attribution' })
  @ApiOkResponse({ type: CabinetContactDetailDto })
  @ApiErrors(404)
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<CabinetContactDetailDto> {
    return this.contacts.cabinetGet(principal, id, userId);
  }
}
