import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../principal';

/** The authenticated caller, as set by the session or API-key strategy. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest<{ user: Principal }>().user,
);
