import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AdminTicketListDto, AdminTicketsQueryDto, ReplyTicketDto, TicketReplyDto } from './support.dto';
import { SupportService } from './support.service';

@ApiTags('admin')
@Controller('api/admin/support')
@SessionAuth({ role: 'admin' })
export class AdminSupportController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @ApiOperation({ summary: 'Support requests of all accounts with their authors, newest first; `status` filters' })
  @ApiOkResponse({ type: AdminTicketListDto })
  @ApiErrors(400)
  async list(@Query() query: AdminTicketsQueryDto): Promise<AdminTicketListDto> {
    return {
      ...(await this.support.page(query.status, query.limit, query.offset)),
      limit: query.limit,
      offset: query.offset,
    };
  }

  @Post(':id/reply')
  @ApiOperation({
    summary: 'Answer a request: it becomes `answered`, the author gets the answer by mail and in the cabinet; audited',
  })
  @ApiCreatedResponse({ type: TicketReplyDto })
  @ApiErrors(400, 404)
  reply(
    @CurrentPrincipal() admin: Principal,
    @Param('id') id: string,
    @Body() body: ReplyTicketDto,
  ): Promise<TicketReplyDto> {
    return this.support.reply(admin, id, body.text);
  }
}
