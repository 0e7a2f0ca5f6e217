import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';
import { SendOutcome } from './webhook-sender';
import { DELIVERIES_KEPT } from './webhooks.service';
import { describeError } from '../logging/describe-error';

interface Entry {
  subscriptionId: string;
  event: string;
  outcome: SendOutcome;
}

const FLUSH_EVERY_MS = 25;
const FLUSH_AT = 500;
/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The delivery log. Queued deliveries are written in batches (one insert and one trim per flush
 * instead of per delivery), which keeps the database off the delivery path under load; the test
 * endpoint writes at once because it answers with its record. Only the newest 50 per subscription stay.
 */
@Injectable()
export class DeliveryLog implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  /** Records soon, in a batch. */
  add(subscriptionId: string, event: string, outcome: SendOutcome): void {
    this.buffer.push({ subscriptionId, event, outcome });
    if (this.buffer.length >= FLUSH_AT) this.flushSoon(0);
    else this.flushSoon(FLUSH_EVERY_MS);
  }

  /** Records now and answers the stored record. */
  async write(subscriptionId: string, event: string, outcome: SendOutcome): Promise<WebhookDelivery> {
    const [row] = await this.insert([{ subscriptionId, event, outcome }]);
    return row;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flushNow();
  }

  /** Writes what is buffered now (shutdown: after the workers stopped, before the database closes). */
  async flushNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private flushSoon(delay: number): void {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private flush(): Promise<void> {
    const entries = this.buffer.splice(0);
    if (!entries.length) return this.flushing;
    this.flushing = this.flushing
      .then(() => this.insert(entries))
      .then(() => undefined)
      .catch((error) =>
        this.logger.error(`Writing ${entries.length} delivery records failed: ${describeError(error)}`),
      );
    return this.flushing;
  }

  /**
   * A subscription deleted while one of its deliveries was in flight has nothing left to log to: its
   * records are dropped, never the whole batch. One deleted during the insert itself fails the
   * foreign key; the second try no longer sees it.
   */
  private async insert(entries: Entry[]): Promise<WebhookDelivery[]> {
    try {
      return await this.insertOnce(entries);
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      return this.insertOnce(entries);
    }
  }

  private async insertOnce(entries: Entry[]): Promise<WebhookDelivery[]> {
    return this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO webhook_deliveries (subscription_id, event, status_code, error, duration_ms, body_preview, response_preview)
         SELECT d.* FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $7::text[], $8::text[])
           AS d(subscription_id, event, status_code, error, duration_ms, body_preview, response_preview)
         WHERE EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id)
         RETURNING id, subscription_id, event, status_code, error, duration_ms, body_preview, response_preview, created_at),
       trimmed AS (
         -- The statement's snapshot does not see its own inserts, so keep room for them.
         DELETE FROM webhook_deliveries d
         USING (SELECT subscription_id, count(*) AS added FROM inserted GROUP BY subscription_id) s
         WHERE d.subscription_id = s.subscription_id AND d.id <= (
           SELECT id FROM webhook_deliveries
           WHERE subscription_id = s.subscription_id
           ORDER BY id DESC OFFSET greatest($6 - s.added, 0) LIMIT 1))
       SELECT id, subscription_id AS "subscriptionId", event, status_code AS "statusCode", error,
              duration_ms AS "durationMs", body_preview AS "bodyPreview", response_preview AS "responsePreview",
              created_at AS "createdAt"
       FROM inserted ORDER BY id`,
      [
        entries.map((e) => e.subscriptionId),
        entries.map((e) => e.event),
        entries.map((e) => e.outcome.statusCode),
        entries.map((e) => e.outcome.error),
        entries.map((e) => e.outcome.durationMs),
        DELIVERIES_KEPT,
        entries.map((e) => e.outcome.bodyPreview),
        entries.map((e) => e.outcome.responsePreview),
      ],
    );
  }
}
