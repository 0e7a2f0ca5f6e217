import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Messages } from '../common/messages';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { Session } from './entities/session.entity';
import { User } from './entities/user.entity';
import { Principal } from './principal';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_PREFIX = 'bls_';

/** Sessions are opaque `bls_…` tokens; the database keeps only their SHA-256, so a leaked table opens no account. */
@Injectable()
export class SessionsService {
  constructor(@InjectRepository(Session) private readonly sessions: Repository<Session>) {}

  async open(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = prefixedSecret(SESSION_PREFIX);
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.sessions.insert({ userId, tokenHash: sha256Hex(token), expiresAt });
    return { token, expiresAt };
  }

  async close(sessionId: string): Promise<void> {
    await this.sessions.delete({ id: sessionId });
  }

  async closeAllOf(userId: string): Promise<void> {
    await this.sessions.delete({ userId });
  }

  /** Resolves a bearer token to its principal, or fails with the spec's session messages. */
  async authenticate(token: string | null): Promise<Principal> {
    if (!token || !token.startsWith(SESSION_PREFIX)) throw new UnauthorizedException(Messages.sessionRequired);
    const row = await this.sessions
      .createQueryBuilder('s')
      .innerJoinAndMapOne('s.user', User, 'u', 'u.id = s.user_id AND u.deleted_at IS NULL')
      .where('s.token_hash = :hash', { hash: sha256Hex(token) })
      .getOne();
    const user = (row as (Session & { user?: User }) | null)?.user;
    if (!row || !user) throw new UnauthorizedException(Messages.sessionRequired);
    if (row.expiresAt.getTime() <= Date.now()) throw new UnauthorizedException(Messages.sessionExpired);
    return {
      userId: user.id,
      email: user.email,
      role: user.role,
      emailConfirmed: user.emailConfirmedAt !== null,
      sessionId: row.id,
    };
  }
}
