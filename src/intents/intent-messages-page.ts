import { BadRequestException } from '@nestjs/common';
import { strictInteger } from '../common/http/query-params';
import { Messages } from '../common/messages';

/** `limit` (1–1000, default 100) and `offset` (≥ 0, default 0) of an intent's message list, in both APIs. */
export function intentMessagesPage(limitParam?: string, offsetParam?: string): { limit: number; offset: number } {
  const limit = limitParam === undefined ? 100 : strictInteger(limitParam);
  const offset = offsetParam === undefined ? 0 : strictInteger(offsetParam);
  if (!(limit >= 1 && limit <= 1000) || !(offset >= 0)) throw new BadRequestException(Messages.badLimitOffset);
  return { limit, offset };
}
