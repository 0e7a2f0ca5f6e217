import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { MailModule } from '../mail/mail.module';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthThrottleModule } from './auth-throttle';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailCodesService } from './email-codes.service';
import { ApiKeyGuard, ScopeGuard } from './guards/require-scope.decorator';
import { AccessGuard, SessionGuard } from './guards/session-auth.decorator';
import { SessionStrategy } from './guards/session.strategy';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TeamsRepository } from './teams.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [PassportModule, MailModule, AuthThrottleModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    UsersService,
    UsersRepository,
    SessionsService,
    SessionsRepository,
    TeamsRepository,
    EmailCodesService,
    PasswordHasher,
    SessionStrategy,
    SessionGuard,
    AccessGuard,
    ApiKeyGuard,
    ScopeGuard,
    AdminBootstrapService,
  ],
  exports: [
    UsersService,
    UsersRepository,
    SessionsService,
    SessionsRepository,
    TeamsRepository,
    SessionGuard,
    AccessGuard,
    ApiKeyGuard,
    ScopeGuard,
  ],
})
export class AuthModule {}
