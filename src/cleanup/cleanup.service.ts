import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../auth/users.repository';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { BOT_DATA } from './bot-data';

/** Rows per delete statement: each is a short transaction, so no lock is held for long. */
const BATCH_SIZE = 5000;

export interface CleanupResult {
  bots: number;
  accounts: number;
}

/** TypeORM answers a DELETE with the rows and the affected count. */
type Deleted = [unknown[], number];

/**
 * The final cleanup (spec: "history is kept until final cleanup"): removes the data of accounts deleted
 * by an admin and of bots deleted by their owners, once DELETED_DATA_RETENTION_DAYS have passed.
 * Nothing else is ever touched: every statement is keyed by a bot or account that is deleted. Safe to
 * run repeatedly and from several instances at once; an interrupted run is finished by the next one.
 */
@Injectable()
export class CleanupService {
  private readonly logger = new Logger('Cleanup');

  constructor(
    private readonly db: DataSource,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async runOnce(options: { batchSize?: number } = {}): Promise<CleanupResult> {
    const batchSize = options.batchSize ?? BATCH_SIZE;
    const days = this.config.deletedDataRetentionDays;
    // Bots deleted by their owner, and every bot of a deleted account (those stay deactivated, not deleted).
    const bots = await this.db.query<Array<{ id: string }>>(
      `SELECT id FROM bots WHERE deleted_at < now() - make_interval(days => $1)
       UNION
       SELECT b.id FROM users u JOIN bots b ON b.user_id = u.id WHERE u.deleted_at < now() - make_interval(days => $1)`,
      [days],
    );
    let removedBots = 0;
    for (const { id } of bots) removedBots += await this.removeBot(id, batchSize);

    let removedAccounts = 0;
    for (const id of await this.users.deletedBefore(days)) {
      // A bot left behind (a failed run) would cascade in one long statement, so the row waits for the next run.
      if (await this.users.removeDeleted(id)) removedAccounts += 1;
    }
    if (removedBots || removedAccounts)
      this.logger.log(`Removed the data of ${removedBots} bots and ${removedAccounts} accounts`);
    return { bots: removedBots, accounts: removedAccounts };
  }

  private async removeBot(botId: string, batchSize: number): Promise<number> {
    for (const { table, rows, batch, key } of BOT_DATA) {
      const size = Math.min(batch ?? batchSize, batchSize);
      const statement = key
        ? `DELETE FROM ${table} WHERE ${key} IN (${rows} LIMIT $2)`
        : `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(${rows} LIMIT $2))`;
      for (;;) {
        const [, count] = await this.db.query<Deleted>(statement, [botId, size]);
        if (count < size) break;
      }
    }
    // Checked again here, so a bot is only ever removed while it is deleted or its account is.
    const [, count] = await this.db.query<Deleted>(
      `DELETE FROM bots b WHERE b.id = $1
          AND (b.deleted_at IS NOT NULL OR EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id AND u.deleted_at IS NOT NULL))`,
      [botId],
    );
    return count;
  }
}
