import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { TeamApiKeyListDto } from './api-key.dto';
import { ApiKeysService } from './api-keys.service';

/** The API keys of everyone in the account you work on; managing API keys is the owner's and the administrators' (issue 5). */
@ApiTags('team')
@Controller('api/team/api-keys')
@SessionAuth({ team: 'administrator' })
export class TeamApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: "Every key of the account's owner and members, with its holder (never the keys themselves)",
  })
  @ApiOkResponse({ type: TeamApiKeyListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<TeamApiKeyListDto> {
    return { data: await this.keys.listOfAccount(principal.accountId) };
  }

  @Delete(':keyId')
  @HttpCode(204)
  @ApiOperation({
    summary: "Revoke a key of someone in the account; it stops working at once (the owner's keys: owner only)",
  })
  @ApiNoContentResponse()
  @ApiErrors(404)
  revoke(@CurrentPrincipal() principal: Principal, @Param('keyId') keyId: string): Promise<void> {
    return this.keys.revokeInAccount(principal, keyId);
  }
}
