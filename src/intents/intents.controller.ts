import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { CreateIntentDto, IntentListDto, IntentMessagesDto, IntentWithRulesDto, UpdateIntentDto } from './intent.dto';
import { intentMessagesPage } from './intent-messages-page';
import { IntentsService } from './intents.service';

@ApiTags('intents')
@Controller('api/bots/:id/intents')
@SessionAuth()
@ApiErrors(404)
export class IntentsController {
  constructor(private readonly intents: IntentsService) {}

  @Post()
  @ApiOperation({ summary: 'Create an intent: keywords (whole words, any case) and RE2 patterns' })
  @ApiCreatedResponse({ type: IntentWithRulesDto })
  @ApiErrors(400, 409)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Body() body: CreateIntentDto,
  ): Promise<IntentWithRulesDto> {
    return this.intents.create(principal, botId, body);
  }

  @Get()
  @ApiOperation({ summary: "The bot's intents with their rules and counts" })
  @ApiOkResponse({ type: IntentListDto })
  async list(@CurrentPrincipal() principal: Principal, @Param('id') botId: string): Promise<IntentListDto> {
    return { data: await this.intents.list(principal, botId) };
  }

  @Patch(':intentId')
  @ApiOperation({ summary: 'Change an intent; is_active=false stops matching new messages' })
  @ApiOkResponse({ type: IntentWithRulesDto })
  @ApiErrors(400, 409)
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Param('intentId') intentId: string,
    @Body() body: UpdateIntentDto,
  ): Promise<IntentWithRulesDto> {
    return this.intents.update(principal, botId, intentId, body);
  }

  @Delete(':intentId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an intent and its matches' })
  @ApiNoContentResponse()
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Param('intentId') intentId: string,
  ): Promise<void> {
    await this.intents.remove(principal, botId, intentId);
  }

  @Get(':intentId/messages')
  @ApiOperation({ summary: 'Messages the intent matched, newest first' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000, default 100' })
  @ApiQuery({ name: 'offset', required: false, description: '0 or more, default 0' })
  @ApiOkResponse({ type: IntentMessagesDto })
  @ApiErrors(400)
  async messages(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Param('intentId') intentId: string,
    @Query('limit') limitParam?: string,
    @Query('offset') offsetParam?: string,
  ): Promise<IntentMessagesDto> {
    const { limit, offset } = intentMessagesPage(limitParam, offsetParam);
    return this.intents.messages(principal, botId, intentId, limit, offset);
  }
}
