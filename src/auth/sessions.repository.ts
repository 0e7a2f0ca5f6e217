import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, selectOne, selectRows } from '../database/sql';
import { PRINCIPAL_COLUMNS, PRINCIPAL_TEAM_JOIN, PrincipalRow } from './principal';

export interface SessionRow extends PrincipalRow {
  id: string;
  expires_at: Date;
  impersonated_by: string | null;
}

/** The `sessions` table: signed-in devices, kept as the SHA-256 of their bearer token. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly db: DataSource) {}

  async insert(session: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    impersonatedBy: string | null;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at, impersonated_by) VALUES ($1, $2, $3, $4)`,
      [session.userId, session.tokenHash, session.expiresAt, session.impersonatedBy],
    );
  }

  async remove(id: string): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE id = $1`, [id]);
  }

  async removeAllOf(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  }

  /** An account's own sessions, and those it opened as others if it was an admin. */
  async removeOpenedBy(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`DELETE FROM sessions WHERE user_id = $1 OR impersonated_by = $1`, [userId]);
  }

  /** The session of a token hash with the principal it signs in; a deleted account's sessions are not found. */
  findByTokenHash(tokenHash: string): Promise<SessionRow | null> {
    return selectOne<SessionRow>(
      this.db,
      `SELECT s.id, s.expires_at, s.impersonated_by, ${PRINCIPAL_COLUMNS}
         FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL ${PRINCIPAL_TEAM_JOIN}
        WHERE s.token_hash = $1`,
      [tokenHash],
    );
  }

  /** Which of the sessions still sign someone in: not expired, and the user not deleted (as findByTokenHash). */
  async alive(ids: string[]): Promise<Set<string>> {
    const rows = await selectRows<{ id: string }>(
      this.db,
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
        WHERE s.id = ANY($1::uuid[]) AND s.expires_at > now()`,
      [ids],
    );
    return new Set(rows.map((row) => row.id));
  }
}
