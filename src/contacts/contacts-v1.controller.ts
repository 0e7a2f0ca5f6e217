import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { BotsService } from '../bots/bots.service';
import { Messages } from '../common/messages';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ContactDetailDto, ContactListDto, ContactsQueryDto } from './contact.dto';
import { ContactsQueries } from './contacts.queries';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/contacts')
export class ContactsV1Controller {
  constructor(
    private readonly bots: BotsService,
    private readonly contacts: ContactsQueries,
  ) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's contacts, most recently seen first" })
  @ApiOkResponse({ type: ContactListDto })
  @ApiErrors(400, 404)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ContactsQueryDto,
  ): Promise<ContactListDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    const [data, total] = await Promise.all([
      this.contacts.page(bot.id, query.limit, query.offset),
      this.contacts.total(bot.id),
    ]);
    return { data, total, limit: query.limit, offset: query.offset };
  }

  @Get(':userId')
  @RequireScope('read')
  @ApiOperation({ summary: 'One contact by its platform user id: profile, message counts and attribution' })
  @ApiOkResponse({ type: ContactDetailDto })
  @ApiErrors(404)
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<ContactDetailDto> {
    const bot = await this.bots.getOwned(principal.accountId, id);
    const contact = await this.contacts.detail(bot.id, userId);
    if (!contact) throw new NotFoundException(Messages.contactNotFound);
    return contact;
  }
}
