import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import type { Bot } from '../bots/bot.entity';
import { ReportReads, type ReadPools } from '../database/report-reads';
import { sendCsv } from '../exports/csv-download';
import { ContactsQueries } from './contacts.queries';
import { MessageFilter, MessagesQueries } from './messages.queries';

/** The contacts and messages of a bot as CSV downloads, for the open API and the cabinet alike. */
@Injectable()
export class CsvExports {
  constructor(
    // Downloads are reports: from the replica while it is fresh enough.
    @Inject(ReportReads) private readonly reads: ReadPools,
    private readonly access: BotAccess,
    private readonly contactsQueries: ContactsQueries,
    private readonly messagesQueries: MessagesQueries,
  ) {}

  async contacts(principal: Principal, botId: string, res: Response): Promise<void> {
    const bot = await this.access.require(principal, botId, 'read');
    await this.reads.withPool((pool) =>
      sendCsv(res, pool, fileName(bot, 'contacts'), this.contactsQueries.exportQuery(bot.id)),
    );
  }

  async messages(principal: Principal, botId: string, filter: MessageFilter, res: Response): Promise<void> {
    const bot = await this.access.require(principal, botId, 'read');
    await this.reads.withPool((pool) =>
      sendCsv(res, pool, fileName(bot, 'messages'), this.messagesQueries.exportQuery(bot.id, filter)),
    );
  }
}

/** `<bot username or id>-<kind>-<UTC date>.csv`; a username is Latin letters, digits and `_`, so it needs no escaping. */
export function fileName(
  bot: Pick<Bot, 'id' | 'username'>,
  kind: 'contacts' | 'messages' | 'payments',
  at = new Date(),
): string {
  const name = bot.username && /^[A-Za-z0-9_]+$/.test(bot.username) ? bot.username : bot.id;
  return `${name}-${kind}-${at.toISOString().slice(0, 10)}.csv`;
}
