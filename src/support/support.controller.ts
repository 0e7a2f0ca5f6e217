import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { CreateTicketDto, TicketDto, TicketListDto } from './support.dto';
import { SupportService } from './support.service';

@ApiTags('support')
@Controller('api/support')
// Anyone signed in may ask for help, observers of a team included.
@SessionAuth({ team: 'observer' })
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post()
  @ApiOperation({ summary: 'Write to support' })
  @ApiCreatedResponse({ type: TicketDto })
  @ApiErrors(400)
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateTicketDto): Promise<TicketDto> {
    return this.support.create(principal, body.subject, body.text);
  }

  @Get()
  @ApiOperation({ summary: 'Your support requests, newest first, with the answers' })
  @ApiOkResponse({ type: TicketListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<TicketListDto> {
    return { data: await this.support.listOwn(principal.userId) };
  }
}
