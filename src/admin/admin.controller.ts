import { Body, Controller, NotFoundException, Param, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserDto } from '../auth/dto/auth.dto';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import { presentUser } from '../auth/user.presenter';
import { UsersService } from '../auth/users.service';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { UpdateUserRoleDto } from './admin.dto';

@ApiTags('admin')
@Controller('api/admin/users')
@SessionAuth({ role: 'admin' })
export class AdminController {
  constructor(private readonly users: UsersService) {}

  @Patch(':id')
  @ApiOperation({ summary: "Change a user's global role (only admins promote)" })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 404)
  async update(@Param('id') id: string, @Body() body: UpdateUserRoleDto): Promise<UserDto> {
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user) throw new NotFoundException(Messages.userNotFound);
    return presentUser(await this.users.setRole(user, body.role));
  }
}
