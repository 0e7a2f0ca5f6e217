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
import { ApiExtension, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/http/error-response.dto';
import { Messages } from '../../common/messages';
import { ApiScope, Principal, teamRoleAtLeast } from '../principal';

/** The passport strategy that checks an API key; src/api-keys registers it (ApiKeyStrategy). */
export const API_KEY_STRATEGY = 'api-key';

const REQUIRED_SCOPE = 'botlens:required-scope';

@Injectable()
export class ApiKeyGuard extends AuthGuard(API_KEY_STRATEGY) {}

@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const scope = this.reflector.get<ApiScope>(REQUIRED_SCOPE, context.getHandler());
    const principal = context.switchToHttp().getRequest<{ user: Principal }>().user;
    if (!principal.scopes?.includes(scope)) throw new ForbiddenException(Messages.scopeRequired(scope));
    // A key acts with its holder's rights: an observer's key reads but never writes.
    if (scope === 'write' && !teamRoleAtLeast(principal.teamRole, 'administrator'))
      throw new ForbiddenException(Messages.forbidden);
    return true;
  }
}

/**
 * The one way to protect an open-API route: the API key must be valid and carry `scope`.
 * It also writes the key scheme, the scope (`x-required-scope`) and the auth errors into the OpenAPI document.
 */
export function RequireScope(scope: ApiScope) {
  return applyDecorators(
    SetMetadata(REQUIRED_SCOPE, scope),
    UseGuards(ApiKeyGuard, ScopeGuard),
    ApiSecurity('api-key'),
    ApiExtension('x-required-scope', scope),
    ApiResponse({ status: 401, description: 'Missing, unknown, revoked or expired key', type: ErrorResponseDto }),
    ApiResponse({ status: 403, description: `The key lacks scope "${scope}"`, type: ErrorResponseDto }),
    ApiResponse({
      status: 500,
      description: `Internal failure while checking the key (${Messages.authFailure})`,
      type: ErrorResponseDto,
    }),
  );
}
