import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyListDto } from '../api-keys/api-key.dto';
import { SessionDto, UserDto } from '../auth/dto/auth.dto';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AccountDeletionService } from './account-deletion.service';
import { AdminUserListDto, AdminUsersQueryDto, UpdateUserDto } from './admin.dto';
import { AdminUsersService } from './admin-users.service';

@ApiTags('admin')
@Controller('api/admin/users')
@SessionAuth({ role: 'admin' })
export class AdminController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly deletion: AccountDeletionService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Live accounts, newest first, with their bots and this month’s messages; `email` filters by part of the address',
  })
  @ApiOkResponse({ type: AdminUserListDto })
  @ApiErrors(400)
  async list(@Query() query: AdminUsersQueryDto): Promise<AdminUserListDto> {
    return { ...(await this.users.list(query)), limit: query.limit, offset: query.offset };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change a user's global role and/or the account's tariff (only admins promote); audited" })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 404, 409)
  update(@CurrentPrincipal() admin: Principal, @Param('id') id: string, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(admin, id, body);
  }

  @Get(':id/api-keys')
  @ApiOperation({ summary: "A user's API keys, as they list them (never the keys themselves)" })
  @ApiOkResponse({ type: ApiKeyListDto })
  @ApiErrors(404)
  async listApiKeys(@Param('id') id: string): Promise<ApiKeyListDto> {
    return { data: await this.users.listApiKeys(id) };
  }

  @Post(':id/impersonate')
  @ApiOperation({ summary: 'Sign in as the user: a one-hour session marked with the admin (not for admins); audited' })
  @ApiCreatedResponse({ type: SessionDto })
  @ApiErrors(404)
  impersonate(@CurrentPrincipal() admin: Principal, @Param('id') id: string): Promise<SessionDto> {
    return this.users.impersonate(admin, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Delete the account: sessions end, keys are revoked, bots deactivated, subscriptions and broadcasts stopped, ' +
      'team dissolved, the address is free again; history stays until the final cleanup. Audited',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(404, 409)
  async remove(@CurrentPrincipal() admin: Principal, @Param('id') id: string): Promise<void> {
    await this.deletion.delete(admin, id);
  }
}
