import type { DataSource, EntityManager } from 'typeorm';

/** Where a repository runs its SQL: the pool, or the EntityManager of a transaction the caller holds. */
export type Queryable = DataSource | EntityManager;

/** Rows of a SELECT, an INSERT … RETURNING, or any statement TypeORM answers with the rows alone. */
export function selectRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.query<T[]>(sql, params);
}

/** The first row of a statement, or null. */
export async function selectOne<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  const [row] = await db.query<T[]>(sql, params);
  return row ?? null;
}

/**
 * Rows of a bare UPDATE or DELETE … RETURNING: TypeORM's PostgreSQL driver answers those with
 * `[rows, affectedCount]` instead of the rows, which is easy to forget and silently wrong.
 */
export async function modifiedRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const [rows] = await db.query<[T[], number]>(sql, params);
  return rows;
}
