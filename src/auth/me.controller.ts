import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Messages } from '../common/messages';
import { UserDto } from './dto/auth.dto';
import { CurrentPrincipal } from './guards/current-principal.decorator';
import { SessionAuth } from './guards/session-auth.decorator';
import type { Principal } from './principal';
import { presentUser } from './user.presenter';
import { UsersService } from './users.service';

@ApiTags('account')
@Controller('api/me')
export class MeController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @SessionAuth()
  @ApiOperation({ summary: 'The signed-in account' })
  @ApiOkResponse({ type: UserDto })
  async me(@CurrentPrincipal() principal: Principal): Promise<UserDto> {
    const user = await this.users.findById(principal.userId);
    if (!user) throw new UnauthorizedException(Messages.sessionRequired);
    return presentUser(user);
  }
}
