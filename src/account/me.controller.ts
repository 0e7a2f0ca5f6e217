import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MeDto } from '../auth/dto/auth.dto';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { MeService } from './me.service';

@ApiTags('account')
@Controller('api/me')
export class MeController {
  constructor(private readonly me: MeService) {}

  @Get()
  @SessionAuth()
  @ApiOperation({
    summary: "The signed-in account: role, the team's plan and this month's usage, team place, impersonation",
  })
  @ApiOkResponse({ type: MeDto })
  describe(@CurrentPrincipal() principal: Principal): Promise<MeDto> {
    return this.me.describe(principal);
  }
}
