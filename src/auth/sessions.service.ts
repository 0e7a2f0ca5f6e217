import { Injectable, UnauthorizedException } from '@nestjs/common';
import { Messages } from '../common/messages';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { Principal, principalOf } from './principal';
import { SessionsRepository } from './sessions.repository';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** "Sign in as" is temporary (spec: "Admins can temporarily sign in as a user"). */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;
const SESSION_PREFIX = 'bls_';

/** Sessions are opaque `bls_…` tokens; the database keeps only their SHA-256, so a leaked table opens no account. */
@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

  async open(userId: string, impersonatedBy: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const token = prefixedSecret(SESSION_PREFIX);
    const expiresAt = new Date(Date.now() + (impersonatedBy ? IMPERSONATION_TTL_MS : SESSION_TTL_MS));
    await this.sessions.insert({ userId, tokenHash: sha256Hex(token), expiresAt, impersonatedBy });
    return { token, expiresAt };
  }

  async close(sessionId: string): Promise<void> {
    await this.sessions.remove(sessionId);
  }

  async closeAllOf(userId: string): Promise<void> {
    await this.sessions.removeAllOf(userId);
  }

  /** Which of the sessions still sign someone in (live sockets are checked against them). */
  alive(sessionIds: string[]): Promise<Set<string>> {
    return this.sessions.alive(sessionIds);
  }

  /** Resolves a bearer token to its principal, or fails with the spec's session messages. */
  async authenticate(token: string | null): Promise<Principal> {
    if (!token || !token.startsWith(SESSION_PREFIX)) throw new UnauthorizedException(Messages.sessionRequired);
    const row = await this.sessions.findByTokenHash(sha256Hex(token));
    if (!row) throw new UnauthorizedException(Messages.sessionRequired);
    if (row.expires_at.getTime() <= Date.now()) throw new UnauthorizedException(Messages.sessionExpired);
    return { ...principalOf(row), sessionId: row.id, impersonatedBy: row.impersonated_by };
  }
}
