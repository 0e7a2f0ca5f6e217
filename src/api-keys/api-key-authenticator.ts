import { Injectable, InternalServerErrorException, Logger, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiScope,
  Principal,
  PRINCIPAL_COLUMNS,
  PRINCIPAL_TEAM_JOIN,
  principalOf,
  PrincipalRow,
} from '../auth/principal';
import { sha256Hex } from '../common/crypto/random';
import { Messages } from '../common/messages';
import { describeError } from '../logging/describe-error';

interface KeyRow extends PrincipalRow {
  id: string;
  scopes: ApiScope[];
  expires_at: Date | null;
  revoked_at: Date | null;
  account_deleted: boolean;
}

/** Resolves a raw `blk_…` key to its owner, with the spec's message for each failure. */
@Injectable()
export class ApiKeyAuthenticator {
  private readonly logger = new Logger('ApiKeys');

  constructor(private readonly dataSource: DataSource) {}

  async authenticate(rawKey: string | null): Promise<Principal> {
    if (!rawKey) throw new UnauthorizedException(Messages.apiKeyRequired);
    const row = await this.find(rawKey);
    if (!row) throw new UnauthorizedException(Messages.apiKeyInvalid);
    // Deleting an account revokes its keys; the account check also covers a key issued while it was being deleted.
    if (row.revoked_at || row.account_deleted) throw new UnauthorizedException(Messages.apiKeyRevoked);
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) {
      throw new UnauthorizedException(Messages.apiKeyExpired);
    }
    this.touch(row.id);
    // A member's key acts with that member's current rights on the team's bots.
    return { ...principalOf(row), apiKeyId: row.id, scopes: row.scopes };
  }

  private async find(rawKey: string): Promise<KeyRow | null> {
    try {
      const rows: KeyRow[] = await this.dataSource.query(
        `SELECT k.id, k.scopes, k.expires_at, k.revoked_at, u.deleted_at IS NOT NULL AS account_deleted, ${PRINCIPAL_COLUMNS}
         FROM api_keys k JOIN users u ON u.id = k.user_id ${PRINCIPAL_TEAM_JOIN}
         WHERE k.key_hash = $1`,
        [sha256Hex(rawKey)],
      );
      return rows[0] ?? null;
    } catch (error) {
      this.logger.error(`API key lookup failed: ${describeError(error)}`);
      throw new InternalServerErrorException(Messages.authFailure);
    }
  }

  /** Records use at most once a minute per key, off the request path. */
  private touch(id: string): void {
    this.dataSource
      .query(
        `UPDATE api_keys SET last_used_at = now()
         WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [id],
      )
      .catch(() => undefined);
  }
}
