import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export type FunnelStageType = 'text' | 'command' | 'intent' | 'button' | 'payment';
export type FunnelTextMatch = 'exact' | 'contains';

/** One stage: a condition on a contact's inbound messages (or, for `button`, its button presses; `payment`, its payments). */
export class FunnelStageDto {
  /** Shown in the cabinet, 1 to 100 characters. */
  name: string;
  /**
   * `text`: the message text (see `match`); `command`: the message is the command or starts with it
   * followed by a space or `@` (`/start promo`, `/start@my_bot`); `intent`: the message matched the intent named in `value`;
   * `button`: the contact pressed a button whose callback data (MAX: payload) matches `value` (see `match`);
   * `payment`: the contact paid (any payment, refunded later or not), for a product whose invoice payload starts
   * with `payload_prefix` when it is given.
   */
  @ApiProperty({ enum: ['text', 'command', 'intent', 'button', 'payment'] })
  type: FunnelStageType;
  /**
   * Text and button stages only (default `exact`). `exact`: the whole text equals `value`; `contains`: the text contains it.
   * On text both ignore case and surrounding whitespace; on a button's data both are exact (case and spaces count).
   */
  @ApiPropertyOptional({ enum: ['exact', 'contains'] })
  match?: FunnelTextMatch;
  /**
   * Text and button: 1 to 500 characters; command: `/` and 1 to 64 of A-Z, a-z, 0-9, _; intent: the name of one of
   * the bot's intents. Not on payment stages.
   */
  @ApiPropertyOptional()
  value?: string;
  /**
   * Payment stages only: 1 to 128 characters the payment's invoice payload must start with (case and spaces
   * counting); without it any payment reaches the stage.
   */
  @ApiPropertyOptional({ maxLength: 128, example: 'plan:' })
  payload_prefix?: string;
}

export class FunnelConfigDto {
  /** 1 to 20 stages, in funnel order. Checked by the service, so each error names the stage (`stages[2].match …`). */
  @ApiProperty({ type: [FunnelStageDto], minItems: 1, maxItems: 20 })
  @Allow()
  stages: FunnelStageDto[];
}

/** A stage of the configuration as stored: `match` only on text and button stages. */
export class FunnelConfigAnswerDto {
  /** Empty until the first PUT. */
  @ApiProperty({ type: [FunnelStageDto] })
  stages: FunnelStageDto[];
}

export class FunnelStageResultDto {
  name: string;
  /** Contacts with at least one inbound message that satisfies the stage, each counted once. */
  @ApiProperty({ type: 'integer' })
  reached: number;
  /**
   * reached ÷ the previous stage's reached, rounded to 4 decimals; null for the first stage and after a
   * stage nobody reached. Stages are independent, so it can exceed 1.
   */
  @ApiProperty({ type: Number, nullable: true })
  conversion: number | null;
}

export class FunnelResultDto {
  /** The source filter applied (mapped value, or `— unmapped`), null for all contacts. */
  @ApiProperty({ type: String, nullable: true })
  source: string | null;
  stages: FunnelStageResultDto[];
  /** True while stages added or changed by the last config edit are still being counted over the history. */
  computing: boolean;
}
