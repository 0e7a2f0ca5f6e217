import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ContactDetailDto, ContactListDto, ContactSearchQueryDto } from './contact.dto';
import { ContactsService } from './contacts.service';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/contacts')
export class ContactsV1Controller {
  constructor(private readonly contacts: ContactsService) {}

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
