import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ProviderErrorResponseDto } from '../common/http/error-response.dto';
import { ApiBotDeactivated, ApiErrors } from '../common/swagger/api-errors.decorator';
import { MessagingService } from './messaging.service';
import { SendMessageDto, SentMessageDto } from './send.dto';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/send')
export class SendV1Controller {
  constructor(private readonly messaging: MessagingService) {}

  @Post()
  @HttpCode(200)
  // Above the scope's 403, so its description follows that one.
  @ApiBotDeactivated()
  @RequireScope('write')
  @ApiOperation({
    summary: 'Send a text to one contact',
    description:
      'Not queued or retried: a 429 from the platform comes back in `provider`. After a 502 the platform may already ' +
      'have delivered; check GET /messages?userId= for the same text before retrying.',
  })
  @ApiOkResponse({ type: SentMessageDto })
  @ApiErrors(400, 404)
  @ApiResponse({
    status: 502,
    description: 'Provider send failed, or the platform is unreachable',
    type: ProviderErrorResponseDto,
  })
  send(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: SendMessageDto,
  ): Promise<SentMessageDto> {
    return this.messaging.send(principal, id, body?.userId, body?.text);
  }
}
