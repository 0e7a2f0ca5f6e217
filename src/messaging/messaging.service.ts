import { BadRequestException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Bot } from '../bots/bot.entity';
import { BotsService } from '../bots/bots.service';
import { Messages } from '../common/messages';
import { CaptureService } from '../ingest/capture.service';
import { PlatformMessenger } from '../platforms/platform-messenger';
import { SentMessageDto } from './send.dto';

export const MAX_TEXT_CHARS = 4000;

/** Personal sends from the open API and the cabinet (spec: POST /api/v1/bots/{id}/send). */
@Injectable()
export class MessagingService {
  constructor(
    private readonly bots: BotsService,
    private readonly messenger: PlatformMessenger,
    private readonly capture: CaptureService,
    private readonly dataSource: DataSource,
  ) {}

  async send(ownerId: string, botId: string, userId: unknown, text: unknown): Promise<SentMessageDto> {
    const bot = await this.bots.getOwned(ownerId, botId);
    if (typeof userId === 'number') userId = String(userId);
    if (typeof userId !== 'string' || !userId.trim() || typeof text !== 'string' || !text.trim()) {
      throw new BadRequestException(Messages.userIdAndTextRequired);
    }
    if (Array.from(text).length > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
    const token = this.bots.decryptToken(bot);
    if (!token) throw new BadRequestException(Messages.sendNeedsToken);
    const contactId = await this.contactId(bot, userId);

    const outcome = await this.messenger.sendText(bot.platform, token, userId, text);
    if (!outcome.accepted) {
      if (outcome.status === 403) await this.markBlocked(contactId);
      throw new HttpException({ message: Messages.providerSendFailed, provider: outcome.answer }, HttpStatus.BAD_GATEWAY);
    }
    const method = bot.platform === 'telegram' ? 'sendmessage' : 'POST /messages';
    const stored = await this.capture.recordSent(
      { id: bot.id, userId: bot.userId, platform: bot.platform, utmKey: bot.utmKey },
      method,
      { user_id: userId },
      outcome.result,
    );
    return {
      ok: true,
      id: stored?.id ?? '',
      direction: 'out',
      text,
      created_at: stored?.created_at ?? new Date(),
      provider: outcome.answer as Record<string, unknown>,
    };
  }

  private async contactId(bot: Bot, userId: string): Promise<string> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $2`,
      [bot.id, userId],
    );
    if (!rows.length) throw new NotFoundException(Messages.contactNotFound);
    return rows[0].id;
  }

  /** A 403 means the user blocked the bot (contract §6). */
  private async markBlocked(contactId: string): Promise<void> {
    await this.dataSource.query(`UPDATE contacts SET blocked_at = now() WHERE id = $1`, [contactId]);
  }
}
