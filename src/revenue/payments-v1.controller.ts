import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import type { Principal } from '../auth/principal';
import { AddedIn } from '../common/swagger/added-in.decorator';
import { ApiBotDeactivated, ApiErrors } from '../common/swagger/api-errors.decorator';
import { PaymentDto, PaymentListDto, PaymentListQueryDto, RecordPaymentDto, RefundPaymentDto } from './payment.dto';
import { PaymentsService } from './payments.service';

/** The open API's payments (issue 26): report payments taken elsewhere and their refunds, list them. */
@ApiTags('open-api')
@Controller('api/v1/bots/:id/payments')
export class PaymentsV1Controller {
  constructor(private readonly payments: PaymentsService) {}

  @Get()
  @RequireScope('read')
  @AddedIn('1.2')
  @ApiOperation({
    summary: "The bot's payments, newest first",
    description:
      'Captured from Telegram (`successful_payment`, in mirror and proxy mode) and reported with POST. Pages of ' +
      '`limit`; pass `next_before` as `before` for the next one.',
  })
  @ApiOkResponse({ type: PaymentListDto })
  @ApiErrors(400, 404)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PaymentListQueryDto,
  ): Promise<PaymentListDto> {
    return this.payments.list(principal, id, query);
  }

  @Post()
  @ApiBotDeactivated()
  @RequireScope('write')
  @AddedIn('1.2')
  @ApiOperation({
    summary: 'Record a payment a contact made outside the platform (any platform: your own payment provider)',
    description:
      'Answers 201 with the payment. The same `charge_id` again with the same fields answers 200 with the stored ' +
      'payment (a repeated request records nothing); with other fields 409. Recorded on the free plan past its ' +
      'message cap too. Emits `payment.succeeded`.',
  })
  @ApiCreatedResponse({ type: PaymentDto, description: 'Recorded' })
  @ApiOkResponse({ type: PaymentDto, description: 'Recorded before with the same fields' })
  @ApiErrors(400, 404, 409)
  async record(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: RecordPaymentDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentDto> {
    const { created, payment } = await this.payments.record(principal, id, body);
    if (!created) res.status(200);
    return payment;
  }

  @Post(':charge_id/refund')
  @HttpCode(200)
  @ApiBotDeactivated()
  @RequireScope('write')
  @AddedIn('1.2')
  @ApiOperation({
    summary: 'Mark a payment refunded',
    description:
      'Any recorded payment, captured or reported. A payment refunded already is answered unchanged. Emits ' +
      '`payment.refunded` when it changes.',
  })
  @ApiOkResponse({ type: PaymentDto })
  @ApiErrors(400, 404)
  refund(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('charge_id') chargeId: string,
    @Body() body: RefundPaymentDto,
  ): Promise<PaymentDto> {
    return this.payments.refund(principal, id, chargeId, body);
  }
}
