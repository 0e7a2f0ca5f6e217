import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const TARIFF_CODES = ['free', 'pro', 'business'] as const;
export type TariffCode = (typeof TARIFF_CODES)[number];

export class TariffDto {
  @ApiProperty({ enum: TARIFF_CODES })
  code: TariffCode;
  name: string;
  /** Price per month in `currency`. */
  price_month: number;
  @ApiProperty({ enum: ['RUB'] })
  currency: 'RUB';
  /** Messages recorded per UTC month; null: no cap. Forwarding never stops at the cap. */
  @ApiProperty({ type: Number, nullable: true })
  message_cap: number | null;
  /** People in the account, owner included. */
  team_size: number;
}

export class TariffListDto {
  @ApiProperty({ type: [TariffDto] })
  data: TariffDto[];
}

export class ChangeTariffDto {
  @ApiProperty({ enum: TARIFF_CODES })
  @IsIn(TARIFF_CODES, { message: 'tariff must be one of free, pro, business' })
  tariff: TariffCode;
}

export class InvoiceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: TARIFF_CODES })
  tariff: TariffCode;
  @ApiProperty({ enum: TARIFF_CODES })
  previous_tariff: TariffCode;
  /** The new plan's monthly price. */
  amount: number;
  @ApiProperty({ enum: ['RUB'] })
  currency: 'RUB';
  /** Who changed the plan: the account's owner or a Botlens admin. */
  @ApiProperty({ enum: ['owner', 'admin'] })
  changed_by: 'owner' | 'admin';
  created_at: Date;
}

export class InvoiceListDto {
  @ApiProperty({ type: [InvoiceDto] })
  data: InvoiceDto[];
}

export class TariffChangedDto {
  @ApiProperty({ enum: TARIFF_CODES })
  tariff: TariffCode;
  invoice: InvoiceDto;
}
