import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { UserDto } from '../auth/dto/auth.dto';
import type { UserRole } from '../auth/entities/user.entity';
import { TARIFF_CODES, TariffCode } from '../billing/tariff.dto';
import { AdminPageQueryDto, PageDto } from '../common/http/page-query.dto';
import { Messages } from '../common/messages';

export class AdminUsersQueryDto extends AdminPageQueryDto {
  /** Part of the address, any case. */
  @ApiPropertyOptional({ maxLength: 254, example: 'example.com' })
  @IsOptional()
  @MaxLength(254, { message: Messages.emailFilterInvalid })
  @IsString({ message: Messages.emailFilterInvalid })
  email?: string;
}

export class AdminUserDto extends UserDto {
  /** Bots of the account that are not deleted. */
  @ApiProperty({ type: 'integer' })
  bots_count: number;
  /** Messages recorded for the account this UTC month, both directions. */
  @ApiProperty({ type: 'integer' })
  messages_this_month: number;
}

export class AdminUserListDto extends PageDto {
  /** Live accounts, newest first. */
  @ApiProperty({ type: [AdminUserDto] })
  data: AdminUserDto[];
}

/** At least one field. An unchanged tariff is skipped when a role comes with it, else it is 409 as for the owner. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: ['user', 'admin'] })
  @IsOptional()
  @IsIn(['user', 'admin'], { message: 'role must be user or admin' })
  role?: UserRole;

  /** Moves the account to this plan and writes an invoice marked `changed_by: admin`. */
  @ApiPropertyOptional({ enum: TARIFF_CODES })
  @IsOptional()
  @IsIn(TARIFF_CODES, { message: 'tariff must be one of free, pro, business' })
  tariff?: TariffCode;
}
