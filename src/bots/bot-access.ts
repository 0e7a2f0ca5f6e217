import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { Principal, teamRoleAtLeast } from '../auth/principal';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { Bot } from './bot.entity';

/** `read`: see the bot and its data (observers too); `manage`: change it, send or broadcast (administrators up). */
export type BotAccessLevel = 'read' | 'manage';

/** Who asks for a bot: the account they act on and their role in its team. */
export type BotPrincipal = Pick<Principal, 'accountId' | 'teamRole'>;

/**
 * The one check of a caller's right to a bot, called by the services that act on one. The route guards
 * already refuse observers' writes; checking the role here too keeps a service safe when called another way.
 * Answers as the guards and the old per-service checks did: 403 `Forbidden`, else 404 `Bot not found` for a
 * bot of another account, a deleted one or an id that is no UUID.
 */
@Injectable()
export class BotAccess {
  constructor(@InjectRepository(Bot) private readonly bots: Repository<Bot>) {}

  async require(principal: BotPrincipal, botId: string, level: BotAccessLevel): Promise<Bot> {
    if (level === 'manage' && !teamRoleAtLeast(principal.teamRole, 'administrator'))
      throw new ForbiddenException(Messages.forbidden);
    const bot = isUuid(botId)
      ? await this.bots.findOneBy({ id: botId, userId: principal.accountId, deletedAt: IsNull() })
      : null;
    if (!bot) throw new NotFoundException(Messages.botNotFound);
    return bot;
  }
}
