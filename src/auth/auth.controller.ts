import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ThrottlerGuard } from '@nestjs/throttler';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AuthService } from './auth.service';
import { ConfirmDto, CredentialsDto, EmailDto, RegisteredDto, SessionDto } from './dto/auth.dto';
import { CurrentPrincipal } from './guards/current-principal.decorator';
import { SessionAuth } from './guards/session-auth.decorator';
import type { Principal } from './principal';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Register; a six-digit code is mailed to the address' })
  @ApiCreatedResponse({ type: RegisteredDto })
  @ApiErrors(400, 409, 429)
  register(@Body() body: CredentialsDto): Promise<RegisteredDto> {
    return this.auth.register(body);
  }

  @Post('confirm')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Confirm the address with the mailed code; opens a session' })
  @ApiOkResponse({ type: SessionDto })
  @ApiErrors(400, 429)
  confirm(@Body() body: ConfirmDto): Promise<SessionDto> {
    return this.auth.confirm(body);
  }

  @Post('resend')
  @HttpCode(204)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Mail a new code (answers 204 whether or not the address has an account)' })
  @ApiNoContentResponse()
  @ApiErrors(400, 429)
  resend(@Body() body: EmailDto): Promise<void> {
    return this.auth.resend(body);
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @ApiOperation({ summary: 'Sign in; unconfirmed accounts may sign in too' })
  @ApiOkResponse({ type: SessionDto })
  @ApiErrors(400, 401, 429)
  login(@Body() body: CredentialsDto): Promise<SessionDto> {
    return this.auth.login(body);
  }

  @Post('logout')
  @HttpCode(204)
  @SessionAuth({ team: 'observer' })
  @ApiOperation({ summary: 'End this session (other devices stay signed in)' })
  @ApiNoContentResponse()
  logout(@CurrentPrincipal() principal: Principal): Promise<void> {
    return this.auth.logout(principal.sessionId!);
  }
}
