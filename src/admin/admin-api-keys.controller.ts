import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AdminUsersService } from './admin-users.service';

/** Keys by their own id, whoever holds them (a user's keys are listed at /api/admin/users/:id/api-keys). */
@ApiTags('admin')
@Controller('api/admin/api-keys')
@SessionAuth({ role: 'admin' })
export class AdminApiKeysController {
  constructor(private readonly users: AdminUsersService) {}

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: "Revoke any user's API key: it stops working at once (401 on its next call); audited" })
  @ApiNoContentResponse({ description: 'Revoked (also when it already was)' })
  @ApiErrors(404)
  revoke(@CurrentPrincipal() admin: Principal, @Param('id') id: string): Promise<void> {
    return this.users.revokeApiKey(admin, id);
  }
}
