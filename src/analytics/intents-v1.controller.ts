import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../api-keys/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { IntentsService } from '../intents/intents.service';
import { OpenApiIntentListDto } from './intents-v1.dto';

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
}
