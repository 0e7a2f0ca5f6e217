import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth } from '@nestjs/swagger';
import { Messages } from '../../common/messages';
import { ApiErrors } from '../../common/swagger/api-errors.decorator';
import type { UserRole } from '../entities/user.entity';
import type { Principal } from '../principal';
import { SESSION_STRATEGY } from './session.strategy';

const REQUIRED_ROLE = 'botlens:required-role';

@Injectable()
export class SessionGuard extends AuthGuard(SESSION_STRATEGY) {}

@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const role = this.reflector.getAllAndOverride<UserRole | undefined>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (role && principal?.role !== role) throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}

/**
 * The one way to protect a session-API route: checks the session (and the global role, when given)
 * and documents the bearer scheme with its 401 answers in the OpenAPI document.
 */
export function SessionAuth(options: { role?: UserRole } = {}) {
  const decorators = [UseGuards(SessionGuard, RoleGuard), ApiBearerAuth('session'), ApiErrors(401)];
  if (options.role) decorators.push(SetMetadata(REQUIRED_ROLE, options.role), ApiErrors(403));
  return applyDecorators(...decorators);
}
