import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { announce, ChangeEvents } from '../common/changes';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import {
  CreatedWebhookDto,
  CreateWebhookDto,
  DeliveryDto,
  UpdateWebhookDto,
  WebhookDto,
  WebhookListDto,
} from './webhook.dto';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@Controller('api/me/webhooks')
@SessionAuth()
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly delivery: WebhookDeliveryService,
    private readonly events: EventEmitter2,
  ) {}

  /** Every instance drops what it cached of the account's subscriptions (ChangeRelay carries it). */
  private changed(principal: Principal, subscriptionId: string): void {
    announce(this.events, { type: ChangeEvents.webhooksChanged, accountId: principal.accountId, subscriptionId });
  }

  @Post()
  @ApiOperation({ summary: 'Subscribe a URL to events; the signing secret is shown only in this answer' })
  @ApiCreatedResponse({ type: CreatedWebhookDto })
  @ApiErrors(400, 404, 429)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto): Promise<CreatedWebhookDto> {
    const created = await this.webhooks.create(principal, body);
    this.changed(principal, created.id);
    return created;
  }

  @Get()
  @ApiOperation({ summary: 'Your subscriptions (without secrets)' })
  @ApiOkResponse({ type: WebhookListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<WebhookListDto> {
    return { data: await this.webhooks.list(principal.userId) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change the URL, the events or whether the subscription is active' })
  @ApiOkResponse({ type: WebhookDto })
  @ApiErrors(400, 404)
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookDto> {
    const updated = await this.webhooks.update(principal.userId, id, body);
    this.changed(principal, id);
    return updated;
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a subscription' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(principal.userId, id);
    this.changed(principal, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a test.ping now and answer its delivery record' })
  @ApiOkResponse({ type: DeliveryDto })
  @ApiErrors(404)
  async test(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeliveryDto> {
    const subscription = await this.webhooks.getOwned(principal.userId, id);
    return this.delivery.deliverNow(subscription, 'test.ping', {
      message: 'Botlens test ping',
      timestamp: new Date().toISOString(),
    });
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'The last deliveries, newest first (at most 50)' })
  @ApiOkResponse({ type: DeliveryDto, isArray: true })
  @ApiErrors(404)
  deliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<DeliveryDto[]> {
    return this.webhooks.deliveriesOf(principal.userId, id);
  }
}
