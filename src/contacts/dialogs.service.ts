import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { DialogClick, LinkClicks } from '../links/link-clicks';
import type { DialogDto } from './dialog.dto';
import { DialogPressesQueries } from './dialog-presses.queries';
import { DialogsQueries } from './dialogs.queries';
import type { CabinetMessageDto, DialogPressDto, MessageDto } from './message.dto';
import { MessageFilter, MessagesQueries } from './messages.queries';

/** The dialog and message reads of the open API and the cabinet, on the caller's account's bot. */
@Injectable()
export class DialogsService {
  constructor(
    private readonly access: BotAccess,
    private readonly dialogs: DialogsQueries,
    private readonly messages: MessagesQueries,
    private readonly presses: DialogPressesQueries,
    private readonly clicks: LinkClicks,
  ) {}

  /** `unanswered`: only the dialogs waiting for an answer past the bot's reply window (issue 27). */
  async list(principal: Principal, botId: string, limit: number, unanswered = false): Promise<DialogDto[]> {
    const bot = await this.access.require(principal, botId, 'read');
    return unanswered ? this.dialogs.waitingDialogs(bot.id, bot.replyWindowS, limit) : this.dialogs.list(bot.id, limit);
  }

  async messagesOf(principal: Principal, botId: string, filter: MessageFilter): Promise<MessageDto[]> {
    return this.messages.list((await this.access.require(principal, botId, 'read')).id, filter);
  }

  /** The cabinet's view of a dialog: each message with the intents it matched. */
  async history(principal: Principal, botId: string, filter: MessageFilter): Promise<CabinetMessageDto[]> {
    return this.messages.listWithIntents((await this.access.require(principal, botId, 'read')).id, filter);
  }

  /** The cabinet's markers of a dialog: the contact's button presses in the same window as its messages. */
  async pressesOf(
    principal: Principal,
    botId: string,
    userId: string,
    filter: MessageFilter,
  ): Promise<DialogPressDto[]> {
    return this.presses.list((await this.access.require(principal, botId, 'read')).id, userId, filter);
  }

  /** The cabinet's other markers: the contact's clicks through its per-contact links, in the same window. */
  async clicksOf(principal: Principal, botId: string, userId: string, filter: MessageFilter): Promise<DialogClick[]> {
    return this.clicks.inDialog((await this.access.require(principal, botId, 'read')).id, userId, filter);
  }
}
