import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { PaymentListDto, PaymentListQueryDto } from './payment.dto';
import { PaymentsService } from './payments.service';

/** The cabinet's payment list: the open API's, under the session (every team role). */
@ApiTags('revenue')
@Controller('api/bots/:id/payments')
@SessionAuth()
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @ApiOperation({ summary: "The bot's payments, newest first, as the open API lists them" })
  @ApiOkResponse({ type: PaymentListDto })
  @ApiErrors(400, 404)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PaymentListQueryDto,
  ): Promise<PaymentListDto> {
    return this.payments.list(principal, id, query);
  }
}
