import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { Bot } from '../bots/bot.entity';
import { BotsService } from '../bots/bots.service';
import type { UploadedFile } from '../common/http/file-upload';
import { Messages } from '../common/messages';
import { CaptureService } from '../ingest/capture.service';
import { ContactsRepository } from '../ingest/contacts.repository';
import { assertCaptionFits, charCount, parseMediaKind, toMediaFile } from '../platforms/media-input';
import { MediaKind, MediaUploadError, PlatformMediaSender } from '../platforms/platform-media-sender';
import { PlatformMessenger, SendOutcome } from '../platforms/platform-messenger';
import { SentMessageDto } from './send.dto';

export const MAX_TEXT_CHARS = 4000;
/** MAX may not have processed a just-uploaded file yet (`attachment.not.ready`): the send is tried again this often. */
const ATTACHMENT_NOT_READY_TRIES = 4;
const ATTACHMENT_NOT_READY_WAIT_MS = 1000;

/** What the cabinet's reply form carries besides the text. */
export interface ReplyAttachment {
  kind: unknown;
  upload: UploadedFile | undefined;
}

/** Personal sends from the open API and the cabinet (spec: POST /api/v1/bots/{id}/send). */
@Injectable()
export class MessagingService {
  constructor(
    private readonly access: BotAccess,
    private readonly bots: BotsService,
    private readonly messenger: PlatformMessenger,
    private readonly media: PlatformMediaSender,
    private readonly capture: CaptureService,
    private readonly contacts: ContactsRepository,
  ) {}

  async send(principal: Principal, botId: string, userId: unknown, text: unknown): Promise<SentMessageDto> {
    const bot = await this.access.require(principal, botId, 'manage');
    if (typeof userId === 'number') userId = String(userId);
    if (typeof userId !== 'string' || !userId.trim() || typeof text !== 'string' || !text.trim()) {
      throw new BadRequestException(Messages.userIdAndTextRequired);
    }
    if (charCount(text) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
    const { token, contactId } = await this.recipient(bot, userId);
    const outcome = await this.messenger.sendText(bot.platform, token, userId, text);
    return this.settle(
      bot,
      contactId,
      userId,
      text,
      outcome,
      bot.platform === 'telegram' ? 'sendmessage' : 'POST /messages',
    );
  }

  /**
   * The cabinet's reply with a photo, audio or file (multipart `file` + `kind`), the text as its caption,
   * under the closed broadcast's rules and messages; without a file or kind it is a text reply.
   */
  async sendWithFile(
    principal: Principal,
    botId: string,
    userId: string,
    text: unknown,
    attachment: ReplyAttachment,
  ): Promise<SentMessageDto> {
    if (attachment.upload === undefined && (attachment.kind === undefined || attachment.kind === ''))
      return this.send(principal, botId, userId, text);
    const bot = await this.access.require(principal, botId, 'manage');
    const kind = parseMediaKind(attachment.kind, attachment.upload !== undefined) as MediaKind;
    const upload = attachment.upload as UploadedFile;
    if (text !== undefined && typeof text !== 'string') throw new BadRequestException(Messages.userIdAndTextRequired);
    const caption = text ?? '';
    if (charCount(caption) > MAX_TEXT_CHARS) throw new BadRequestException(Messages.textTooLong);
    assertCaptionFits(caption, bot.platform);
    const { token, contactId } = await this.recipient(bot, userId);
    const file = toMediaFile(upload);

    if (bot.platform === 'telegram') {
      const sent = await this.media.sendTelegram(token, userId, kind, file, null, caption);
      return this.settle(bot, contactId, userId, caption, sent, sent.method);
    }
    let fileRef: string;
    try {
      fileRef = await this.media.uploadMax(token, kind, file);
    } catch (error) {
      if (error instanceof MediaUploadError)
        throw new HttpException(
          { message: Messages.providerSendFailed, provider: { error: error.message } },
          HttpStatus.BAD_GATEWAY,
        );
      throw error;
    }
    for (let attempt = 1; ; attempt++) {
      const sent = await this.media.sendMax(token, userId, kind, fileRef, caption);
      const notReady = !sent.accepted && (sent.answer as { code?: unknown } | null)?.code === 'attachment.not.ready';
      if (!notReady || attempt === ATTACHMENT_NOT_READY_TRIES)
        return this.settle(bot, contactId, userId, caption, sent, sent.method);
      await sleep(ATTACHMENT_NOT_READY_WAIT_MS);
    }
  }

  /** Checks in the spec's order after the input: the bot's state and token, then the contact. */
  private async recipient(bot: Bot, userId: string): Promise<{ token: string; contactId: string }> {
    // Read from the database with the bot above, so a deactivation through any instance holds at once.
    if (!bot.active) throw new ForbiddenException(Messages.botDeactivated);
    const token = this.bots.decryptToken(bot);
    if (!token) throw new BadRequestException(Messages.sendNeedsToken);
    return { token, contactId: await this.contactId(bot, userId) };
  }

  /** A refusal is 502 with the platform's answer (a 403 marks the contact blocked); a success is stored as an out message. */
  private async settle(
    bot: Bot,
    contactId: string,
    userId: string,
    text: string,
    outcome: SendOutcome,
    method: string,
  ): Promise<SentMessageDto> {
    if (!outcome.accepted) {
      if (outcome.status === 403) await this.markBlocked(contactId);
      throw new HttpException(
        { message: Messages.providerSendFailed, provider: outcome.answer },
        HttpStatus.BAD_GATEWAY,
      );
    }
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
    const id = await this.contacts.idOf(bot.id, userId);
    if (!id) throw new NotFoundException(Messages.contactNotFound);
    return id;
  }

  /** A 403 means the user blocked the bot (contract §6). */
  private async markBlocked(contactId: string): Promise<void> {
    await this.contacts.markBlocked(contactId);
  }
}
