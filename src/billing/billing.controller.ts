import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ChangeTariffDto, InvoiceListDto, TariffChangedDto, TariffListDto } from './tariff.dto';
import { TariffsService } from './tariffs.service';

@ApiTags('billing')
@Controller('api')
export class BillingController {
  constructor(private readonly tariffs: TariffsService) {}

  @Get('tariffs')
  @ApiOperation({ summary: 'The plans: price, monthly message cap, team size (no sign-in needed)' })
  @ApiOkResponse({ type: TariffListDto })
  async list(): Promise<TariffListDto> {
    return { data: await this.tariffs.list() };
  }

  @Put('billing/tariff')
  @SessionAuth({ team: 'owner' })
  @ApiOperation({ summary: "Change the account's plan (owner only); every change leaves an invoice" })
  @ApiOkResponse({ type: TariffChangedDto })
  @ApiErrors(400, 409)
  change(@CurrentPrincipal() principal: Principal, @Body() body: ChangeTariffDto): Promise<TariffChangedDto> {
    return this.tariffs.change(principal.accountId, body.tariff, principal.userId);
  }

  @Get('billing/invoices')
  @SessionAuth({ team: 'owner' })
  @ApiOperation({ summary: "The account's plan changes, newest first (owner only; no payment gateway)" })
  @ApiOkResponse({ type: InvoiceListDto })
  async invoices(@CurrentPrincipal() principal: Principal): Promise<InvoiceListDto> {
    return { data: await this.tariffs.invoices(principal.accountId) };
  }
}
