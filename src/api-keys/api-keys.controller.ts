import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ApiKeyListDto, CreateApiKeyDto, CreatedApiKeyDto } from './api-key.dto';
import { ApiKeysService } from './api-keys.service';

@ApiTags('api-keys')
@Controller('api/me/api-keys')
@SessionAuth()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @ApiOperation({ summary: 'Issue an API key; the key is shown only in this answer' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiErrors(400, 403, 429)
  issue(@CurrentPrincipal() principal: Principal, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.keys.issue(principal, body);
  }

  @Get()
  @ApiOperation({ summary: 'List API keys (never the keys themselves)' })
  @ApiOkResponse({ type: ApiKeyListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiKeyListDto> {
    return { data: await this.keys.list(principal.userId) };
  }

  @Delete(':keyId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key' })
  @ApiNoContentResponse()
  @ApiErrors(404)
  revoke(@CurrentPrincipal() principal: Principal, @Param('keyId') keyId: string): Promise<void> {
    return this.keys.revoke(principal.userId, keyId);
  }
}
