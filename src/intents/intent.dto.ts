import { ApiProperty, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export class CreateIntentDto {
  /** Technical key, unique per bot; funnels refer to intents by it. */
  @Matches(NAME, { message: 'name must be 1 to 64 characters of A-Z, a-z, 0-9, _, . or -' })
  name: string;

  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'description must be at most 500 characters' })
  description?: string;

  /** Hexadecimal colour for highlighting in the cabinet, e.g. `#22C55E`. */
  @IsOptional()
  @Matches(COLOR, { message: 'color must be a hexadecimal colour such as #22C55E' })
  color?: string;

  @IsOptional()
  @IsBoolean({ message: 'is_active must be a boolean' })
  is_active?: boolean;

  /** Whole words or phrases, matched without regard to case. */
  @ArrayMaxSize(200, { message: 'keywords must have at most 200 entries' })
  @Length(1, 100, { each: true, message: 'keywords must be strings of 1 to 100 characters' })
  @IsString({ each: true, message: 'keywords must be strings of 1 to 100 characters' })
  @IsArray({ message: 'keywords must be an array of strings' })
  keywords: string[];

  /** Regular expressions in RE2 syntax (no lookaround or backreferences), run in linear time. */
  @ArrayMaxSize(50, { message: 'patterns must have at most 50 entries' })
  @Length(1, 500, { each: true, message: 'patterns must be strings of 1 to 500 characters' })
  @IsString({ each: true, message: 'patterns must be strings of 1 to 500 characters' })
  @IsArray({ message: 'patterns must be an array of strings' })
  patterns: string[];
}

/** Every field optional, same rules; `is_active: false` stops matching new messages (past matches stay). */
export class UpdateIntentDto extends PartialType(CreateIntentDto) {}

/** An intent as the open API shows it (spec: Intent). */
export class IntentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** @example 'delivery' */
  name: string;
  /** @example 'Questions about delivery' */
  description: string;
  /** @example '#22C55E' */
  color: string;
  /** @example true */
  is_active: boolean;
  /** Contacts for whom the intent ever matched. @example 96 */
  users_count: number;
  /** Messages that matched. @example 131 */
  messages_count: number;
  /** @example '2026-11-05T10:00:00.000Z' */
  created_at: Date;
}

/** The session API also shows the rules. */
export class IntentWithRulesDto extends IntentDto {
  keywords: string[];
  patterns: string[];
}

export class IntentListDto {
  data: IntentWithRulesDto[];
}

export class IntentMessageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  direction: 'in' | 'out';
  external_user_id: string;
  text: string;
  created_at: Date;
}

export class IntentMessagesDto {
  data: IntentMessageDto[];
  total: number;
  limit: number;
  offset: number;
}
