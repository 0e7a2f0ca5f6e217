import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../auth/guards/current-principal.decorator';
import { SessionAuth } from '../../auth/guards/session-auth.decorator';
import type { Principal } from '../../auth/principal';
import { ApiErrors } from '../../common/swagger/api-errors.decorator';
import { WebhookInfoDto } from './webhook.dto';
import { WebhookSetupService } from './webhook-setup.service';

@ApiTags('bots')
@Controller('api/bots/:id/webhook')
@SessionAuth()
export class WebhookController {
  constructor(private readonly webhooks: WebhookSetupService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Connect proxy-webhook mode: set the platform webhook (Telegram setWebhook, MAX POST /subscriptions) to the proxy URL with a fresh secret',
  })
  @ApiOkResponse({ type: WebhookInfoDto })
  @ApiErrors(400, 404, 502)
  connect(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookInfoDto> {
    return this.webhooks.connect(principal, id);
  }

  @Get()
  @ApiOperation({
    summary: "The platform's webhook info for the bot (Telegram getWebhookInfo, MAX GET /subscriptions)",
  })
  @ApiOkResponse({ type: WebhookInfoDto })
  @ApiErrors(400, 404, 502)
  info(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookInfoDto> {
    return this.webhooks.info(principal, id);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Disconnect proxy-webhook mode: remove the webhook on the platform and forget its secret' })
  @ApiNoContentResponse()
  @ApiErrors(400, 404, 502)
  async disconnect(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.webhooks.disconnect(principal, id);
  }
}
