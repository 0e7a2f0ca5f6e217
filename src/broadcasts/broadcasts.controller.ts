import { Body, Controller, Get, HttpCode, Param, Post, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { Access, SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { AcceptsFile, UploadedFile as Upload } from '../common/http/file-upload';
import { ApiBotDeactivated, ApiErrors } from '../common/swagger/api-errors.decorator';
import {
  BroadcastDto,
  BroadcastListDto,
  BroadcastPreviewDto,
  BroadcastPreviewRequestDto,
  CreateBroadcastFormDto,
} from './broadcast.dto';
import { BroadcastsService } from './broadcasts.service';

@ApiTags('broadcasts')
@Controller('api/bots/:id/broadcasts')
@SessionAuth()
export class BroadcastsController {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Post()
  @AcceptsFile()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiBody({ type: CreateBroadcastFormDto })
  @ApiOperation({
    summary: 'Start or schedule a broadcast to a segment, optionally with a photo, audio or file',
    description:
      'Answers at once with the queued (or, with send_at, scheduled) broadcast; follow it in GET .../broadcasts. ' +
      'A file is uploaded to the platform once and sent by reference to everyone.',
  })
  @ApiCreatedResponse({ type: BroadcastDto })
  @ApiErrors(400, 404, 413)
  @ApiBotDeactivated('Not allowed')
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() form: CreateBroadcastFormDto,
    @UploadedFile() file: Upload | undefined,
  ): Promise<BroadcastDto> {
    return this.broadcasts.createClosed(principal, id, { ...form }, file);
  }

  @Post('preview')
  @HttpCode(200)
  // Counting an audience changes nothing: observers may do it.
  @Access({ team: 'observer' })
  @ApiOperation({ summary: 'How many contacts a broadcast with this platform and segment would reach now' })
  @ApiOkResponse({ type: BroadcastPreviewDto })
  @ApiErrors(400, 404)
  preview(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: BroadcastPreviewRequestDto,
  ): Promise<BroadcastPreviewDto> {
    return this.broadcasts.preview(principal, id, body ?? {});
  }

  @Get()
  @ApiOperation({ summary: "The bot's broadcasts with their counts, status and timing, newest first" })
  @ApiOkResponse({ type: BroadcastListDto })
  @ApiErrors(404)
  async list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BroadcastListDto> {
    return { data: await this.broadcasts.list(principal, id) };
  }

  @Post(':broadcastId/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a scheduled or running broadcast; contacts not reached yet do not get it' })
  @ApiOkResponse({ type: BroadcastDto })
  @ApiErrors(404, 409)
  cancel(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('broadcastId') broadcastId: string,
  ): Promise<BroadcastDto> {
    return this.broadcasts.cancel(principal, id, broadcastId);
  }
}
