import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, selectOne, selectRows } from '../database/sql';
import type { User, UserRole } from './entities/user.entity';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  role: UserRole;
  tariff: string;
  created_at: Date;
  deleted_at: Date | null;
}

const COLUMNS = `id, email, password_hash, email_confirmed_at, role, tariff, created_at, deleted_at`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    emailConfirmedAt: row.email_confirmed_at,
    role: row.role,
    tariff: row.tariff,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

/**
 * The `users` table: accounts, live (deleted_at null) or deleted and waiting for the cleanup. Other
 * modules ask here; a lock taken here is how they serialise work per account.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: DataSource) {}

  async findLive(id: string, db: Queryable = this.db): Promise<User | null> {
    const row = await selectOne<UserRow>(db, `SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return row && toUser(row);
  }

  /** Also a deleted account (an impersonator or actor named in history). */
  async findAny(id: string, db: Queryable = this.db): Promise<User | null> {
    const row = await selectOne<UserRow>(db, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
    return row && toUser(row);
  }

  async findLiveByEmail(email: string): Promise<User | null> {
    const row = await selectOne<UserRow>(
      this.db,
      `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [email],
    );
    return row && toUser(row);
  }

  async insert(fields: {
    email: string;
    passwordHash: string;
    role: UserRole;
    tariff: string;
    emailConfirmedAt: Date | null;
  }): Promise<User> {
    const [row] = await selectRows<UserRow>(
      this.db,
      `INSERT INTO users (email, password_hash, role, tariff, email_confirmed_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS}`,
      [fields.email, fields.passwordHash, fields.role, fields.tariff, fields.emailConfirmedAt],
    );
    return toUser(row);
  }

  async markConfirmed(id: string, at: Date): Promise<void> {
    await this.db.query(`UPDATE users SET email_confirmed_at = $2 WHERE id = $1`, [id, at]);
  }

  /** Locks a live account's row until the transaction ends; null when there is none (or it was deleted). */
  async lockLive(tx: Queryable, id: string): Promise<User | null> {
    const row = await selectOne<UserRow>(
      tx,
      `SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return row && toUser(row);
  }

  /** Locks the account's row, deleted or not: serialises limits counted per account (keys, subscriptions). */
  async lock(tx: Queryable, id: string): Promise<void> {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [id]);
  }

  async setRole(tx: Queryable, id: string, role: UserRole): Promise<void> {
    await tx.query(`UPDATE users SET role = $2 WHERE id = $1`, [id, role]);
  }

  async setTariff(tx: Queryable, id: string, tariff: string): Promise<void> {
    await tx.query(`UPDATE users SET tariff = $2 WHERE id = $1`, [id, tariff]);
  }

  /** The address is free at once: the unique index on addresses covers live accounts only. */
  async markDeleted(tx: Queryable, id: string): Promise<void> {
    await tx.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
  }

  /** One page of live accounts whose address contains `email`, newest first, and how many match in all. */
  async pageLive(query: { email: string; limit: number; offset: number }): Promise<{ rows: User[]; total: number }> {
    const rows = await selectRows<UserRow & { total: number }>(
      this.db,
      `WITH matching AS (
         SELECT ${COLUMNS} FROM users WHERE deleted_at IS NULL AND strpos(lower(email), lower($1)) > 0
       )
       SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM matching) t
       LEFT JOIN LATERAL (
         SELECT m.* FROM matching m ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3
       ) p ON true`,
      [query.email, query.limit, query.offset],
    );
    return { total: rows[0].total, rows: rows.filter((row) => row.id !== null).map(toUser) };
  }

  /** Accounts deleted more than `days` ago: the cleanup removes their data. */
  async deletedBefore(days: number): Promise<string[]> {
    const rows = await selectRows<{ id: string }>(
      this.db,
      `SELECT id FROM users WHERE deleted_at < now() - make_interval(days => $1)`,
      [days],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Removes a deleted account's row; its sessions, keys, invoices, usage, invitations, support
   * requests and subscriptions go with it (ON DELETE CASCADE). A bot left behind keeps the row.
   */
  async removeDeleted(id: string): Promise<boolean> {
    const [, count] = await this.db.query<[unknown[], number]>(
      `DELETE FROM users WHERE id = $1 AND deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bots WHERE user_id = $1)`,
      [id],
    );
    return count > 0;
  }
}
