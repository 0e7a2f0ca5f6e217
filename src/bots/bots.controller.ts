import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { BotDto, BotListDto, CreateBotDto, UpdateBotDto } from './bot.dto';
import { presentBot } from './bot.presenter';
import { BotAlertsRepository } from './bot-alerts.repository';
import { Bot } from './bot.entity';
import { BotsService } from './bots.service';

@ApiTags('bots')
@Controller('api/bots')
@SessionAuth()
export class BotsController {
  constructor(
    private readonly bots: BotsService,
    private readonly alerts: BotAlertsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Bot objects with their open alerts, read in one query for the whole list. */
  private async present(bots: Bot[]): Promise<BotDto[]> {
    const open = await this.alerts.openOf(bots.map((bot) => bot.id));
    return bots.map((bot) => presentBot(bot, this.config.publicBaseUrl, open.get(bot.id) ?? []));
  }

  @Get()
  @ApiOperation({ summary: 'Your bots' })
  @ApiOkResponse({ type: BotListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<BotListDto> {
    const bots = await this.bots.list(principal.accountId);
    return { data: await this.present(bots) };
  }

  @Post()
  @ApiOperation({ summary: 'Bind a bot; a token is checked with the platform (Telegram getMe, MAX GET /me)' })
  @ApiCreatedResponse({ type: BotDto })
  @ApiErrors(400, 403, 409, 429, 502)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateBotDto): Promise<BotDto> {
    return (await this.present([await this.bots.create(principal, body)]))[0];
  }

  @Get(':id')
  @ApiOperation({ summary: 'One bot' })
  @ApiOkResponse({ type: BotDto })
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BotDto> {
    return (await this.present([await this.bots.get(principal, id)]))[0];
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change a bot: name, token, target_url, utm_key, reply_window_s, alert rules, or activate/deactivate it',
  })
  @ApiOkResponse({ type: BotDto })
  @ApiErrors(400, 404, 409, 502)
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateBotDto,
  ): Promise<BotDto> {
    return (await this.present([await this.bots.update(principal, id, body)]))[0];
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a bot: it is deactivated at once and its data removed by the scheduled cleanup' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.bots.remove(principal, id);
  }
}
