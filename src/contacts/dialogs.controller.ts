import { Body, Controller, Get, HttpCode, Param, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ProviderErrorResponseDto } from '../common/http/error-response.dto';
import { AcceptsFile, UploadedFile as Upload } from '../common/http/file-upload';
import { ApiBotDeactivated, ApiErrors } from '../common/swagger/api-errors.decorator';
import { DialogClickListDto } from '../links/link.dto';
import { MessagingService } from '../messaging/messaging.service';
import { ReplyFormDto, SentMessageDto } from '../messaging/send.dto';
import { DialogListDto, DialogsQueryDto } from './dialog.dto';
import { DialogsService } from './dialogs.service';
import { CabinetMessageListDto, DialogMessagesQueryDto, DialogPressListDto } from './message.dto';
import { messageFilter } from './messages-v1.controller';

/** The cabinet's dialogs: the same reads as the open API (messages with their intents), plus replying to one contact. */
@ApiTags('dialogs')
@Controller('api/bots/:id/dialogs')
@SessionAuth()
@ApiErrors(404)
export class DialogsController {
  constructor(
    private readonly dialogs: DialogsService,
    private readonly messaging: MessagingService,
  ) {}

  @Get()
  @ApiOperation({ summary: "The bot's dialogs, the most recent first" })
  @ApiOkResponse({ type: DialogListDto })
  @ApiErrors(400)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: DialogsQueryDto,
  ): Promise<DialogListDto> {
    return {
      data: await this.dialogs.list(principal, id, query.limit, query.unanswered === 'true'),
      limit: query.limit,
    };
  }

  @Get(':userId/messages')
  @ApiOperation({ summary: 'One dialog: its messages both ways, newest first, each with the intents it matched' })
  @ApiOkResponse({ type: CabinetMessageListDto })
  @ApiErrors(400)
  async history(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Query() query: DialogMessagesQueryDto,
  ): Promise<CabinetMessageListDto> {
    const filter = messageFilter({ ...query, userId });
    return { data: await this.dialogs.history(principal, id, filter), limit: query.limit };
  }

  @Get(':userId/presses')
  @ApiOperation({
    summary: "One dialog's button presses, newest first, with the same limit and from/to as its messages",
    description: 'Session API only: the cabinet shows each press as a marker among the messages.',
  })
  @ApiOkResponse({ type: DialogPressListDto })
  @ApiErrors(400)
  async presses(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Query() query: DialogMessagesQueryDto,
  ): Promise<DialogPressListDto> {
    const filter = messageFilter({ ...query, userId });
    return { data: await this.dialogs.pressesOf(principal, id, userId, filter), limit: query.limit };
  }

  @Get(':userId/clicks')
  @ApiOperation({
    summary: "One dialog's clicks on tracked links, newest first, with the same limit and from/to as its messages",
    description: "Session API only: the cabinet shows each click through the contact's own link as a marker.",
  })
  @ApiOkResponse({ type: DialogClickListDto })
  @ApiErrors(400)
  async clicks(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Query() query: DialogMessagesQueryDto,
  ): Promise<DialogClickListDto> {
    const filter = messageFilter({ ...query, userId });
    return { data: await this.dialogs.clicksOf(principal, id, userId, filter), limit: query.limit };
  }

  @Post(':userId/messages')
  @HttpCode(201)
  @AcceptsFile()
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: ReplyFormDto })
  @ApiOperation({
    summary: 'Reply to the contact: a text, or a photo, audio or file with an optional caption',
    description:
      'Same rules as the open-API send. Multipart `file` (up to 50 MB) with `kind` photo|audio|file is sent as the ' +
      'closed broadcast sends it (Telegram sendPhoto/sendAudio/sendDocument, MAX upload then attachment), `text` as its caption.',
  })
  @ApiResponse({ status: 201, type: SentMessageDto })
  @ApiErrors(400, 413)
  @ApiBotDeactivated('Not allowed')
  @ApiResponse({
    status: 502,
    description: 'Provider send failed, or the platform is unreachable',
    type: ProviderErrorResponseDto,
  })
  reply(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: ReplyFormDto,
    @UploadedFile() file: Upload | undefined,
  ): Promise<SentMessageDto> {
    return this.messaging.sendWithFile(principal, id, userId, body?.text, { kind: body?.kind, upload: file });
  }
}
