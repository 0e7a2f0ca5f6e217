import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';
import { Messages } from '../../common/messages';
import { ApiErrors } from '../../common/swagger/api-errors.decorator';
import type { UserRole } from '../entities/user.entity';
import { Principal, TeamRole, teamRoleAtLeast } from '../principal';
import { SESSION_STRATEGY } from './session.strategy';

const ACCESS = 'botlens:access';

export interface AccessRule {
  /** A global role the caller must have (`admin` routes). */
  role?: UserRole;
  /**
   * The least team role the route needs. Unset: reads (GET) need `observer`, everything else
   * `administrator`, so a new write route is closed to observers unless it says otherwise.
   */
  team?: TeamRole;
}

/** The team role a request needs under `rule`. */
export function neededTeamRole(rule: AccessRule, method: string): TeamRole {
  return rule.team ?? (method === 'GET' || method === 'HEAD' ? 'observer' : 'administrator');
}

@Injectable()
export class SessionGuard extends AuthGuard(SESSION_STRATEGY) {}

/** The one access check of the session API: global role, then the caller's role in the account's team. */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule =
      this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS, [context.getHandler(), context.getClass()]) ??
      {};
    const request = context.switchToHttp().getRequest<Request & { user?: Principal }>();
    const principal = request.user;
    if (!principal) throw new ForbiddenException(Messages.forbidden);
    if (rule.role && principal.role !== rule.role) throw new ForbiddenException(Messages.forbidden);
    if (!teamRoleAtLeast(principal.teamRole, neededTeamRole(rule, request.method)))
      throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}

/**
 * The one way to protect a session-API route: checks the session, the global role and the team role
 * (see AccessRule), and documents the bearer scheme, the 401/403 answers and the team role needed
 * (`x-team-role`, when the route names one) in the OpenAPI document.
 */
export function SessionAuth(rule: AccessRule = {}) {
  return applyDecorators(
    UseGuards(SessionGuard, AccessGuard),
    ApiBearerAuth('session'),
    ApiErrors(401, 403),
    Access(rule),
  );
}

/** Changes the access rule of one route of a controller protected with SessionAuth at class level. */
export function Access(rule: AccessRule) {
  const decorators: Array<ClassDecorator | MethodDecorator> = [SetMetadata(ACCESS, rule)];
  if (rule.team) decorators.push(ApiExtension('x-team-role', rule.team));
  if (rule.role) decorators.push(ApiExtension('x-global-role', rule.role));
  return applyDecorators(...decorators);
}
