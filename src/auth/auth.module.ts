import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AuthThrottleModule } from './auth-throttle';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailCodesService } from './email-codes.service';
import { EmailCode } from './entities/email-code.entity';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { AccessGuard, SessionGuard } from './guards/session-auth.decorator';
import { SessionStrategy } from './guards/session.strategy';
import { PasswordHasher } from './password-hasher';
import { SessionsService } from './sessions.service';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User, Session, EmailCode]), PassportModule, MailModule, AuthThrottleModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    UsersService,
    SessionsService,
    EmailCodesService,
    PasswordHasher,
    SessionStrategy,
    SessionGuard,
    AccessGuard,
    AdminBootstrapService,
  ],
  exports: [UsersService, SessionsService, SessionGuard, AccessGuard],
})
export class AuthModule {}
