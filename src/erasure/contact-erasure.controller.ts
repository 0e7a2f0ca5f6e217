import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ContactErasure } from './contact-erasure';

@ApiTags('contacts')
@Controller('api/bots/:id/contacts')
@SessionAuth()
export class ContactErasureController {
  constructor(private readonly erasure: ContactErasure) {}

  @Delete(':userId')
  @HttpCode(204)
  @ApiOperation({
    summary: "Erase one person's data: the contact with its messages, touches and funnel reach",
    description:
      'One transaction; the reports (stats, timeline, sources, funnel, intents) then read as if the contact had ' +
      'never written. The audit log records who erased which contact of which bot. The month’s recorded-message ' +
      'usage of the plan is not given back. The bot owner or a team administrator.',
  })
  @ApiNoContentResponse()
  @ApiErrors(404)
  async erase(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('userId') userId: string,
  ): Promise<void> {
    await this.erasure.erase(principal, id, userId);
  }
}
