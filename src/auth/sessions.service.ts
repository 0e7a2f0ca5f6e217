import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { Messages } from '../common/messages';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { Session } from './entities/session.entity';
import { Principal, PRINCIPAL_COLUMNS, PRINCIPAL_TEAM_JOIN, principalOf, PrincipalRow } from './principal';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** "Sign in as" is temporary (spec: "Admins can temporarily sign in as a user"). */
export const IMPERSONATION_TTL_MS = 60 * 60 * 1000;
const SESSION_PREFIX = 'bls_';

interface SessionRow extends PrincipalRow {
  id: string;
  expires_at: Date;
  impersonated_by: string | null;
}

/** Sessions are opaque `bls_…` tokens; the database keeps only their SHA-256, so a leaked table opens no account. */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    private readonly dataSource: DataSource,
  ) {}

  async open(userId: string, impersonatedBy: string | null = null): Promise<{ token: string; expiresAt: Date }> {
    const token = prefixedSecret(SESSION_PREFIX);
    const expiresAt = new Date(Date.now() + (impersonatedBy ? IMPERSONATION_TTL_MS : SESSION_TTL_MS));
    await this.sessions.insert({ userId, tokenHash: sha256Hex(token), expiresAt, impersonatedBy });
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
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT s.id, s.expires_at, s.impersonated_by, ${PRINCIPAL_COLUMNS}
         FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL ${PRINCIPAL_TEAM_JOIN}
        WHERE s.token_hash = $1`,
      [sha256Hex(token)],
    );
    const row = rows[0];
    if (!row) throw new UnauthorizedException(Messages.sessionRequired);
    if (row.expires_at.getTime() <= Date.now()) throw new UnauthorizedException(Messages.sessionExpired);
    return { ...principalOf(row), sessionId: row.id, impersonatedBy: row.impersonated_by };
  }
}
