import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';

const normalizeEmail = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class EmailDto {
  @ApiProperty({ example: 'owner@example.com' })
  @Transform(normalizeEmail)
  // Decorators run bottom-up: the most basic check is last so its message is the one reported.
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email: string;
}

export class CredentialsDto extends EmailDto {
  /** At least 6 characters. */
  @ApiProperty({ minLength: 6, maxLength: 256 })
  @IsString()
  @MinLength(6, { message: 'password must be at least 6 characters' })
  @MaxLength(256)
  password: string;
}

export class ConfirmDto extends EmailDto {
  /** The six-digit code from the mail. */
  @ApiProperty({ example: '042917' })
  @IsString()
  @Length(6, 6, { message: 'code must be six digits' })
  @Matches(/^\d{6}$/, { message: 'code must be six digits' })
  code: string;
}

export class UserDto {
  id: string;
  email: string;
  email_confirmed: boolean;
  role: 'user' | 'admin';
  tariff: string;
  created_at: Date;
}

export class RegisteredDto {
  user: UserDto;
}

export class SessionDto {
  /** Bearer token for the session API (`Authorization: Bearer bls_…`); shown only here. */
  token: string;
  expires_at: Date;
  user: UserDto;
}

export class TeamPlaceDto {
  /** The account whose bots you work on: your team's, else your own. */
  account_id: string;
  @ApiProperty({ enum: ['owner', 'administrator', 'observer'] })
  role: 'owner' | 'administrator' | 'observer';
}

export class UsageDto {
  /** Messages recorded for the account this UTC month, both directions. */
  messages_this_month: number;
  /** The plan's monthly cap (FREE_PLAN_MESSAGE_CAP on the free plan); null: none. */
  @ApiProperty({ type: Number, nullable: true })
  cap: number | null;
}

export class ImpersonatorDto {
  id: string;
  email: string;
}

export class MeDto extends UserDto {
  team: TeamPlaceDto;
  usage: UsageDto;
  /** The admin who opened this session as you ("sign in as"), else null. */
  @ApiProperty({ type: ImpersonatorDto, nullable: true })
  impersonated_by: ImpersonatorDto | null;
}
