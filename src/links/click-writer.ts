import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Pool } from 'pg';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { isDatabaseUnavailable, isTransient } from '../database/database-errors';
import { OutagePause } from '../database/outage-pause';
import { KEYED_PLANS } from '../ingest/pipelined-transaction';
import { describeError } from '../logging/describe-error';
import { ConnectionWatch } from '../metrics/connection-watch';
import { LinkLoss, Metrics } from '../metrics/metrics';
import type { ResolvedLink } from './links.repository';

/** Emitted once per stored click, after its commit; heard by webhook delivery (`link.clicked`). */
export const LINK_CLICKED = 'link.clicked';

/** `link.clicked` data (docs/api.md: Tracked links), plus the bot's account for routing. */
export interface LinkClickedEvent {
  userId: string;
  bot_id: string;
  link_id: string;
  url: string;
  /** The contact's platform user id when the click came through its per-contact link, else null. */
  user_id: string | null;
  clicked_at: string;
}

/** A click to record. `answer` answers its redirect; the writer calls it once, and sets it to null then. */
export interface Click {
  link: ResolvedLink;
  /** The contact a per-contact token named (stored only if the bot has it), else null. */
  contactId: string | null;
  /** The anonymous visitor (LinkTokens.visitor), kept when no contact of the bot is named. */
  visitor: string;
  agent: string;
  at: number;
  answer: (() => void) | null;
}

/** Upper bound of clicks in one statement. */
const MAX_BATCH = 2000;
/** Statements in flight at once: one is written while the other waits for its WAL flush. */
const MAX_IN_FLIGHT = 2;
/** A second statement is written beside a running one only for at least this many clicks. */
const CONCURRENT_MIN = 8;
/** Clicks held (answered, not yet stored) while PostgreSQL is away or slow; past this the oldest are dropped. */
export const HELD_CLICKS = 10_000;
/** A click waits at most this long for its commit; then its redirect is answered and the click stays queued. */
const ANSWER_WITHIN_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * One statement per batch: the contact a token named is kept only if the bot has it (an erased contact, or one of
 * another bot, leaves the click anonymous), and the platform user ids of the named contacts come back for the
 * events. Rows go in arrival order, so the ids order clicks of one moment.
 */
const INSERT_CLICKS = `
  WITH batch AS (
    SELECT u.n, u.link_id, u.bot_id, c.id AS contact_id, c.external_user_id,
           CASE WHEN c.id IS NULL THEN u.visitor END AS visitor, u.agent, to_timestamp(u.at_ms / 1000) AS clicked_at
      FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::bigint[], $5::text[], $6::float8[])
           WITH ORDINALITY AS u(link_id, bot_id, contact_id, visitor, agent, at_ms, n)
      LEFT JOIN contacts c ON c.id = u.contact_id AND c.bot_id = u.bot_id
  ), stored AS (
    INSERT INTO clicks (link_id, bot_id, contact_id, visitor, agent, clicked_at)
    SELECT link_id, bot_id, contact_id, visitor, agent, clicked_at FROM batch ORDER BY n
  )
  SELECT n::int AS n, external_user_id FROM batch WHERE external_user_id IS NOT NULL`;

/**
 * Group commit of clicks, so a click is never lost once its redirect is answered: clicks of concurrent requests
 * are gathered while the statements before them run and written together, one INSERT per batch (autocommit: its
 * return is its commit), and each redirect is answered after the commit that holds its click (as the proxy
 * receiver acknowledges an update). At most two statements are in flight, the second only for a handful of clicks.
 *
 * The redirect matters more to the person clicking than the count, so it is never refused for the database:
 * while PostgreSQL cannot be reached (or a commit takes over a second) redirects are answered at once and their
 * clicks held in memory (at most 10,000) and written when it answers again, retried after 250 ms doubling to
 * 2 s. What is dropped past that, or still held at shutdown, or refused by PostgreSQL, is counted in
 * `botlens_link_clicks_unrecorded_total`.
 */
@Injectable()
export class ClickWriter implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Links');
  /** Connections of its own: the redirect's statement, prepared once per connection, away from the ORM's queue. */
  private readonly pool: Pool;
  private queue: Click[] = [];
  private inFlight = 0;
  /** Statements in flight past ANSWER_WITHIN_MS: meanwhile new clicks are answered at once. */
  private slow = 0;
  private scheduled = false;
  private readonly outage = new OutagePause(() => this.schedule());
  private closing = false;
  private idleWaiters: Array<() => void> = [];
  /** While the app closes: the event listeners' work, awaited before the pools close. */
  private consumers: Array<Promise<unknown>> | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    watch: ConnectionWatch,
    private readonly events: EventEmitter2,
    private readonly metrics: Metrics,
  ) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: MAX_IN_FLIGHT,
      application_name: 'botlens-links',
      options: KEYED_PLANS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    watch.pool(this.pool, 'PostgreSQL (links)');
  }

  /** Queues a click; its `answer` is called once the click is committed, or at once when it has to be held. */
  record(click: Click): void {
    if (this.slow > 0 || this.outage.waiting()) answer(click);
    this.queue.push(click);
    if (this.queue.length > HELD_CLICKS) this.dropHeld(this.queue.length - HELD_CLICKS);
    this.schedule();
  }

  /** Closing, first step (requests are answered by now): store what was clicked, while the pool is open. */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.outage.active) this.dropHeld(Infinity);
    this.consumers ??= [];
    if (!this.idle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    while (this.consumers.length) await Promise.allSettled(this.consumers.splice(0));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }

  private schedule(): void {
    if (this.scheduled || !this.queue.length || !this.canStart()) return;
    if (this.outage.waiting()) return this.outage.retryWhenDue();
    this.scheduled = true;
    // Callers of the same turn of the event loop join one batch.
    setImmediate(this.startBatch);
  }

  private canStart(): boolean {
    return this.inFlight === 0 || (this.inFlight < MAX_IN_FLIGHT && this.queue.length >= CONCURRENT_MIN);
  }

  private readonly startBatch = (): void => {
    this.scheduled = false;
    if (!this.queue.length || !this.canStart()) return;
    const batch = this.queue.length <= MAX_BATCH ? this.queue : this.queue.slice(0, MAX_BATCH);
    this.queue = this.queue.length <= MAX_BATCH ? [] : this.queue.slice(MAX_BATCH);
    this.inFlight += 1;
    void this.flush(batch).finally(() => {
      this.inFlight -= 1;
      this.schedule();
      this.wakeIfIdle();
    });
  };

  private async flush(batch: Click[], retried = false): Promise<void> {
    let slow = false;
    const timer = setTimeout(() => {
      slow = true;
      this.slow += 1;
      for (const click of batch) answer(click);
      for (const click of this.queue) answer(click);
    }, ANSWER_WITHIN_MS);
    try {
      const { rows } = await this.pool.query<{ n: number; external_user_id: string }>({
        name: 'botlens-insert-clicks',
        text: INSERT_CLICKS,
        values: columns(batch),
      });
      this.reachable();
      for (const click of batch) answer(click);
      this.emit(batch, rows);
    } catch (error) {
      if (isDatabaseUnavailable(error)) return this.unreachable(batch, error);
      // A contact erased while its click was written (its key check then fails), or a deadlock: once more as it is.
      if (!retried && (isTransient(error) || codeOf(error) === FOREIGN_KEY_VIOLATION))
        return await this.flush(batch, true);
      this.logger.error(`Recording ${batch.length} click(s) failed: ${describeError(error)}`);
      for (const click of batch) answer(click);
      this.lost('refused', batch.length);
    } finally {
      clearTimeout(timer);
      if (slow) this.slow -= 1;
    }
  }

  /** PostgreSQL could not be reached: answer everyone, hold every click, pause the next try. */
  private unreachable(batch: Click[], cause: unknown): void {
    if (this.outage.failed(cause)) {
      this.logger.warn(
        `PostgreSQL cannot be reached (${describeError(cause)}): links keep redirecting, their clicks are held ` +
          `(at most ${HELD_CLICKS}) and written when it is back`,
      );
    }
    this.queue = batch.concat(this.queue);
    for (const click of this.queue) answer(click);
    if (this.closing) this.dropHeld(Infinity);
    else if (this.queue.length > HELD_CLICKS) this.dropHeld(this.queue.length - HELD_CLICKS);
  }

  private reachable(): void {
    const seconds = this.outage.ended();
    if (seconds !== null)
      this.logger.warn(`PostgreSQL is reachable again after ${seconds.toFixed(1)} s: clicks are recorded again`);
  }

  /** Drops up to `count` of the oldest held clicks (answered ones: a click still waiting is never dropped). */
  private dropHeld(count: number): void {
    let dropped = 0;
    this.queue = this.queue.filter((click) => {
      if (dropped >= count || click.answer !== null) return true;
      dropped += 1;
      return false;
    });
    if (dropped) this.lost('database_unavailable', dropped);
    this.wakeIfIdle();
  }

  private lost(reason: LinkLoss, count: number): void {
    this.metrics.linkClicksUnrecorded.inc({ reason }, count);
  }

  private idle(): boolean {
    return this.inFlight === 0 && !this.queue.length;
  }

  private wakeIfIdle(): void {
    if (this.idle()) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private emit(batch: Click[], named: Array<{ n: number; external_user_id: string }>): void {
    const users: Array<string | null> = new Array<string | null>(batch.length).fill(null);
    for (const row of named) users[row.n - 1] = row.external_user_id;
    batch.forEach((click, i) => {
      const event: LinkClickedEvent = {
        userId: click.link.accountId,
        bot_id: click.link.botId,
        link_id: click.link.id,
        url: click.link.url,
        user_id: users[i],
        clicked_at: new Date(click.at).toISOString(),
      };
      // emitAsync only while closing: its promises cost the redirect's path otherwise.
      if (this.consumers) this.consumers.push(this.events.emitAsync(LINK_CLICKED, event));
      else this.events.emit(LINK_CLICKED, event);
    });
  }
}

/** Answers a click's redirect, once. */
function answer(click: Click): void {
  const respond = click.answer;
  if (respond === null) return;
  click.answer = null;
  respond();
}

/** The batch as the statement's arrays, in its order. */
function columns(batch: Click[]): unknown[] {
  const n = batch.length;
  const links = new Array<string>(n);
  const bots = new Array<string>(n);
  const contacts = new Array<string | null>(n);
  const visitors = new Array<string>(n);
  const agents = new Array<string>(n);
  const times = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const click = batch[i];
    links[i] = click.link.id;
    bots[i] = click.link.botId;
    contacts[i] = click.contactId;
    visitors[i] = click.visitor;
    agents[i] = click.agent;
    times[i] = click.at;
  }
  return [links, bots, contacts, visitors, agents, times];
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
