import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { SessionGuard } from '../auth/guards/session-auth.decorator';
import { Messages } from '../common/messages';
import { AvatarLinks } from './avatar-links';

/**
 * Lets an avatar through with either credential: a signed link (`signature` in the query), which
 * grants that one avatar until it expires, or else the session bearer header. A request with a
 * signature that does not verify is refused as such, not re-read as a session request.
 */
@Injectable()
export class AvatarAccessGuard implements CanActivate {
  constructor(
    private readonly links: AvatarLinks,
    private readonly sessions: SessionGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.query.signature === undefined) return (await this.sessions.canActivate(context)) as boolean;
    const { botId, externalUserId } = request.params as Record<string, string>;
    if (!this.links.isValid(botId, externalUserId, request.query.expires, request.query.signature)) {
      throw new UnauthorizedException(Messages.avatarLinkInvalid);
    }
    return true;
  }
}
