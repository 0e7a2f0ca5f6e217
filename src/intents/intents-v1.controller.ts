import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { AddedIn } from '../common/swagger/added-in.decorator';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { CreateIntentDto, IntentMessagesDto, IntentWithRulesDto, UpdateIntentDto } from './intent.dto';
import { intentMessagesPage } from './intent-messages-page';
import { IntentsService } from './intents.service';
import { OpenApiIntentListDto } from './intents-v1.dto';

/** The open API's intents: the list since 1.0; since 1.1 the session API's writes and match list, same rules. */
@ApiTags('open-api')
@Controller('api/v1/bots/:id/intents')
export class IntentsV1Controller {
  constructor(private readonly intents: IntentsService) {}

  @Get()
  @RequireScope('read')
  @ApiOperation({ summary: "The bot's intents with their match counters (the rules stay in the session API)" })
  @ApiOkResponse({ type: OpenApiIntentListDto })
  @ApiErrors(404)
  async list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<OpenApiIntentListDto> {
    const intents = await this.intents.list(principal, id);
    return {
      data: intents.map(({ id, name, description, color, is_active, users_count, messages_count, created_at }) => ({
        id,
        name,
        description,
        color,
        is_active,
        users_count,
        messages_count,
        created_at,
      })),
    };
  }

  @Post()
  @RequireScope('write')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'Create an intent: keywords (whole words, any case) and RE2 patterns' })
  @ApiCreatedResponse({ type: IntentWithRulesDto })
  @ApiErrors(400, 404, 409)
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Body() body: CreateIntentDto,
  ): Promise<IntentWithRulesDto> {
    return this.intents.create(principal, botId, body);
  }

  @Patch(':intentId')
  @RequireScope('write')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'Change an intent; is_active=false stops matching new messages' })
  @ApiOkResponse({ type: IntentWithRulesDto })
  @ApiErrors(400, 404, 409)
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Param('intentId') intentId: string,
    @Body() body: UpdateIntentDto,
  ): Promise<IntentWithRulesDto> {
    return this.intents.update(principal, botId, intentId, body);
  }

  @Delete(':intentId')
  @HttpCode(204)
  @RequireScope('write')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'Delete an intent and its matches' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id') botId: string,
    @Param('intentId') intentId: string,
  ): Promise<void> {
    await this.intents.remove(principal, botId, intentId);
  }

  @Get(':intentId/messages')
  @RequireScope('read')
  @AddedIn('1.1')
  @ApiOperation({ summary: 'Messages the intent matched, newest first' })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000, default 100' })
  @ApiQuery({ name: 'offset', required: false, description: '0 or more, default 0' })
  @ApiOkResponse({ type: IntentMessagesDto })
  @ApiErrors(400, 404)
  messages(
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
