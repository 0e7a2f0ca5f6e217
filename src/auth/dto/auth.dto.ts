import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';

const normalizeEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

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
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'owner@example.com' */
  email: string;
  /** @example true */
  email_confirmed: boolean;
  /** @example 'user' */
  role: 'user' | 'admin';
  /** @example 'free' */
  tariff: string;
  /** @example '2026-11-01T08:00:00.000Z' */
  created_at: Date;
}

export class RegisteredDto {
  user: UserDto;
}

export class SessionDto {
  /** Bearer token for the session API (`Authorization: Bearer bls_…`); shown only here. @example 'bls_GIhwhpsuBfEg9tEfkB84YsDlI1R8rhc0Hr95topupGq' */
  token: string;
  /** 7 days after sign-in; 1 hour for an admin's sign-in as a user. @example '2026-11-09T08:00:00.000Z' */
  expires_at: Date;
  user: UserDto;
}

export class TeamPlaceDto {
  /** The account whose bots you work on: your team's, else your own. */
  @ApiProperty({ format: 'uuid' })
  account_id: string;
  @ApiProperty({ enum: ['owner', 'administrator', 'observer'], example: 'owner' })
  role: 'owner' | 'administrator' | 'observer';
}

export class UsageDto {
  /** Messages recorded for the account this UTC month, both directions. @example 412 */
  messages_this_month: number;
  /** The plan's monthly cap (FREE_PLAN_MESSAGE_CAP on the free plan); null: none. */
  @ApiProperty({ type: Number, nullable: true, example: 1000 })
  cap: number | null;
}

export class ImpersonatorDto {
  @ApiProperty({ format: 'uuid' })
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
