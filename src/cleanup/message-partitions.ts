import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Metrics } from '../metrics/metrics';

/** Months created ahead of the current one, so the ingest never writes into a month without its partition. */
export const MONTHS_AHEAD = 2;
/**
 * How long a maintenance statement waits for its lock. Creating a month locks `messages_default` (ACCESS EXCLUSIVE:
 * PostgreSQL checks it holds no row of the new month) and inserts of stray times and reads that cannot skip the default
 * partition queue behind that wait; past this it gives up until the next run.
 */
const LOCK_WAIT_MS = 1000;

export interface PartitionsResult {
  /** Partitions created, by name (`messages_p2026_11`, `message_raws_p2026_11`). */
  created: string[];
  /** Rows moved out of the default partitions into their month's. */
  moved: number;
}

/**
 * `messages` and `message_raws` are partitioned by month of `created_at` (UTC), `messages_pYYYY_MM`, with
 * `messages_default` for times no month holds (MessagePartitions migration). Run by the hourly cleanup job: creates
 * the current month and the next MONTHS_AHEAD, and empties the default partitions into months of their own.
 * PostgreSQL refuses a partition whose range has rows in the default one, so each month is built apart, filled with
 * the default's rows of that month and attached in one transaction.
 */
@Injectable()
export class MessagePartitions {
  private readonly logger = new Logger('Cleanup');

  constructor(
    private readonly db: DataSource,
    metrics: Metrics,
  ) {
    metrics.countDefaultPartitionRowsWith(() => this.defaultRows());
  }

  async runOnce(now = new Date()): Promise<PartitionsResult> {
    const ahead: string[] = [];
    for (let months = 0; months <= MONTHS_AHEAD; months += 1)
      ahead.push(monthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1))));
    const result: PartitionsResult = { created: [], moved: 0 };
    for (const table of PARTITIONED) {
      const stray = await this.db.query<Array<{ month: string }>>(
        `SELECT DISTINCT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month
           FROM ${table}_default`,
      );
      for (const month of [...new Set([...ahead, ...stray.map((row) => row.month)])].sort()) {
        const moved = await this.createMonth(table, month).catch((error: { code?: string }) => {
          // The default partition was busy past LOCK_WAIT_MS: the month waits for the next run, the rest goes on.
          if (error.code !== '55P03') throw error;
          this.logger.warn(`Creating ${partitionName(table, month)} waited over ${LOCK_WAIT_MS} ms for its lock`);
          return null;
        });
        if (moved === null) continue;
        result.created.push(partitionName(table, month));
        result.moved += moved;
      }
    }
    if (result.created.length)
      this.logger.log(
        `Created partitions ${result.created.join(', ')}; moved ${result.moved} rows out of the defaults`,
      );
    return result;
  }

  /** Rows in the default partition: 0 unless messages arrived with times no month partition holds yet. */
  async defaultRows(): Promise<number> {
    const [row] = await this.db.query<Array<{ rows: number }>>(`SELECT count(*)::int AS rows FROM messages_default`);
    return row.rows;
  }

  /** Creates the month starting at `month` (YYYY-MM-01) with the default's rows of it; null when it exists. */
  private async createMonth(table: PartitionedTable, month: string): Promise<number | null> {
    const name = partitionName(table, month);
    if (await this.exists(name)) return null;
    const since = `${month}T00:00:00Z`;
    const until = nextMonth(month);
    return this.db.transaction(async (tx: EntityManager) => {
      await tx.query(`SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`);
      await tx.query(`LOCK TABLE ${table}_default IN ACCESS EXCLUSIVE MODE`);
      // Another instance's run may have made it while this one waited for the lock.
      if (await this.exists(name, tx)) return null;
      await tx.query(`CREATE TABLE ${name} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      await tx.query(`ALTER TABLE ${name} SET (autovacuum_vacuum_insert_scale_factor = 0.02)`);
      const [{ moved }] = await tx.query<Array<{ moved: number }>>(
        `WITH moved AS (DELETE FROM ${table}_default WHERE created_at >= $1 AND created_at < $2 RETURNING *),
              kept AS (INSERT INTO ${name} SELECT * FROM moved)
         SELECT count(*)::int AS moved FROM moved`,
        [since, until],
      );
      await tx.query(`ALTER TABLE ${table} ATTACH PARTITION ${name} FOR VALUES FROM ('${since}') TO ('${until}')`);
      return moved;
    });
  }

  private async exists(name: string, q: Pick<DataSource, 'query'> = this.db): Promise<boolean> {
    const [row] = await q.query<Array<{ found: boolean }>>(`SELECT to_regclass($1) IS NOT NULL AS found`, [name]);
    return row.found;
  }
}

/** The tables partitioned by month of `created_at`, each with a `<table>_default` partition. */
export const PARTITIONED = ['messages', 'message_raws'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

/** `messages_p2026_11` for the month of `messages` starting 2026-11-01. */
export function partitionName(table: PartitionedTable, month: string): string {
  return `${table}_p${month.slice(0, 4)}_${month.slice(5, 7)}`;
}

function monthStart(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const start = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString();
}
