import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { CabinetContactDetailDto, CabinetContactListDto, ContactSearchQueryDto } from './contact.dto';
import { ContactsService } from './contacts.service';

/** The cabinet's contacts: the open API's reads with search, language, blocked state and avatar links. */
@ApiTags('contacts')
@Controller('api/bots/:id/contacts')
@SessionAuth()
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

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
