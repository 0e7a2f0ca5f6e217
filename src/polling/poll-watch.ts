import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { describeError } from '../logging/describe-error';

/**
 * When each bot last polled through the mirror (`getUpdates`, `GET /updates`), for the `polling` alert (issue 27).
 * A poll costs a Map write; the times are written to `bot_polls` (this class owns it) once per health check
 * interval, one statement for every bot seen, the newest time kept whichever instance wrote it.
 */
@Injectable()
export class PollWatch implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('PollWatch');
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly everyMs: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Half the check interval: a poll is in the table before the next evaluation.
    this.everyMs = Math.max(50, Math.floor(config.healthCheckIntervalMs / 2));
  }

  polled(botId: string): void {
    this.seen.set(botId, Date.now());
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.seen.size) return;
    const seen = this.seen;
    this.seen = new Map();
    const ids = [...seen.keys()].sort();
    try {
      // Bots deleted meanwhile are skipped (the join), not an error.
      await this.dataSource.query(
        `INSERT INTO bot_polls (bot_id, last_poll_at)
           SELECT p.bot_id, p.at FROM unnest($1::uuid[], $2::timestamptz[]) AS p(bot_id, at) JOIN bots b ON b.id = p.bot_id
           ORDER BY 1
           ON CONFLICT (bot_id) DO UPDATE SET last_poll_at = GREATEST(bot_polls.last_poll_at, EXCLUDED.last_poll_at)`,
        [ids, ids.map((id) => new Date(seen.get(id)!).toISOString())],
      );
    } catch (error) {
      // Kept for the next flush, unless newer polls replaced them.
      for (const [id, at] of seen) if (!this.seen.has(id)) this.seen.set(id, at);
      this.logger.warn(`Recording polls failed: ${describeError(error)}`);
    }
  }

  /** When each of these bots last polled, as written (null: never through the mirror). */
  async lastPolls(): Promise<Map<string, Date>> {
    const rows: Array<{ bot_id: string; last_poll_at: Date }> = await this.dataSource.query(
      `SELECT bot_id, last_poll_at FROM bot_polls`,
    );
    return new Map(rows.map((r) => [r.bot_id, r.last_poll_at]));
  }
}
