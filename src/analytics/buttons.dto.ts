import { BadRequestException } from '@nestjs/common';
import { ApiProperty, PickType } from '@nestjs/swagger';
import { parseTimeBound } from '../common/http/query-params';
import { Messages } from '../common/messages';
import { MessagesQueryDto } from '../contacts/message.dto';
import type { PressWindow } from './buttons.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` / `to` as the messages list takes them: a timestamp, or a date (`to` a date = that whole UTC day). */
export class ButtonsQueryDto extends PickType(MessagesQueryDto, ['from', 'to'] as const) {}

/** The validated query as bounds; a window that ends before it starts is a bad from/to, as for messages. */
export function pressWindow(query: ButtonsQueryDto): PressWindow {
  const from = query.from === undefined ? null : parseTimeBound(query.from);
  const to = query.to === undefined ? null : parseTimeBound(query.to);
  const window: PressWindow = {
    notBefore: from?.at ?? null,
    notAfter: to && !to.wholeDay ? to.at : null,
    before: to?.wholeDay ? new Date(to.at.getTime() + DAY_MS) : null,
  };
  const end = window.notAfter ?? (window.before && new Date(window.before.getTime() - 1));
  if (from && end && from.at > end) throw new BadRequestException(Messages.badTimeRange);
  return window;
}

/** The presses of one callback data value (MAX: payload) within the window. */
export class ButtonRowDto {
  /** @example 'plan:pro' */
  data: string;
  /** Every press, repeats of one contact included. */
  @ApiProperty({ type: 'integer', example: 120 })
  presses: number;
  /** Contacts who pressed it at least once. */
  @ApiProperty({ type: 'integer', example: 87 })
  contacts: number;
}

export class ButtonsDto {
  /** Most presses first, then most contacts, then by `data` (byte order). */
  @ApiProperty({ type: [ButtonRowDto] })
  data: ButtonRowDto[];
}
