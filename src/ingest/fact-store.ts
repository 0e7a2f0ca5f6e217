import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { performance } from 'node:perf_hooks';
import { ConnectionWatch } from '../metrics/connection-watch';
import { Metrics } from '../metrics/metrics';
import type { CaptureBot } from './capture.service';
import { BotPress, ButtonPresses, InsertedPressRow } from './button-presses';
import type { ButtonPressEvent, ContactCreatedEvent, MessageEvent } from './events';
import { BlockFact, ContactProfile, Fact, MessageFact } from './facts';
import { parseStartParameter } from './start-parameter';
import { ContactDelta, contactDeltas, dailyDeltas, rollupDeltas } from './fact-aggregates';
import { KEYED_PLANS, PipelinedTransaction, planned, prepared } from './pipelined-transaction';
import { storableJson } from './postgres-text';
import { RecordingCap } from './recording-cap/recording-cap';
import { hourlyStatsStatement } from './hourly-stats';
import { ContactSeen, retentionActivityStatement } from './retention-activity';
import { RetentionDaysWritten } from './retention-days-written';
import { timeOrderedId } from './time-ordered-id';

/** A statement run in the same transaction as the facts (e.g. a broadcast recipient marked sent). */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface FactBatchItem {
  bot: CaptureBot;
  facts: Fact[];
  /** Committed together with the facts, or not at all. */
  alongside?: Statement[];
}

/** What a committed batch added, for the events that follow it. */
export interface StoredFacts {
  contacts: ContactCreatedEvent[];
  messages: MessageEvent[];
  presses: ButtonPressEvent[];
}

interface ContactRow {
  id: string;
  bot_id: string;
  external_user_id: string;
  source_value: string | null;
  /** As before this batch (read once the row is locked): hourly_stats moves the contact from its hour. */
  last_seen_at: Date | null;
}

interface UpsertedContact extends ContactRow {
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  first_seen_at: Date;
  inserted: boolean;
}

interface NewMessageRow {
  id: string;
  bot_id: string;
  contact_id: string;
  external_user_id: string;
  direction: 'in' | 'out';
  text: string | null;
  created_at: Date;
  dedupe_key: string;
}

/** A server that does not answer fails the batch in this time, rather than holding the ingest. */
const CONNECT_TIMEOUT_MS = 5000;

const key = (botId: string, externalUserId: string) => `${botId}\u0000${externalUserId}`;

/**
 * Writes a batch of facts in one transaction: contacts, messages and button presses (each once per
 * dedupe key), touches and attribution, and the rollups the reports read (contact counters, daily_stats,
 * source_rollups, the retention rollup of retention-activity.ts, the buttons rollup of button-presses.ts).
 * Set-based statements over arrays, pipelined, keep a batch to three round trips whatever its size:
 * BEGIN and the contacts; the messages (with their contacts' ids); everything else and COMMIT.
 */
@Injectable()
export class FactStore implements OnApplicationShutdown {
  /**
   * Connections of its own rather than the ORM's: this is the hottest write of the service, the ORM's
   * per-query work cost more than the statements, and pipelining is a per-connection mode. The writer
   * keeps at most two transactions in flight.
   */
  private readonly pool: Pool;
  /** Contact-days whose retention rows this process committed: the statement skips them. */
  private readonly retentionDays = new RetentionDaysWritten();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly cap: RecordingCap,
    watch: ConnectionWatch,
    private readonly metrics: Metrics,
  ) {
    this.pool = new Pool({
      connectionString: config.databaseUrl,
      max: 3,
      pipeline: true,
      application_name: 'botlens-ingest',
      options: KEYED_PLANS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    watch.pool(this.pool, 'PostgreSQL (ingest)');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }

  /** Resolves once `batch` is committed; `committing` is called when only the commit itself is left. */
  async store(batch: FactBatchItem[], committing?: () => void): Promise<StoredFacts> {
    const started = performance.now();
    const client = await this.pool.connect();
    const tx = new PipelinedTransaction(client);
    let broken = false;
    try {
      // The free plan's cap (recording-cap/): keeps what fits, counts what was stored.
      const allowed = await this.cap.reserve(tx, batch);
      const activeDays: ContactSeen[] = [];
      const stored = await this.write(tx, allowed.batch, activeDays);
      await allowed.settle(stored);
      await tx.commit(committing);
      allowed.committed();
      this.retentionDays.remember(activeDays);
      this.count(allowed.batch, started);
      return stored;
    } catch (error) {
      await tx.rollback().catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Once per transaction, not per fact: the facts by kind, the batch's size and how long it took to commit. */
  private count(batch: FactBatchItem[], started: number): void {
    let messagesIn = 0;
    let messagesOut = 0;
    let blocked = 0;
    let unblocked = 0;
    let presses = 0;
    for (const item of batch) {
      for (const fact of item.facts) {
        if (fact.kind === 'message') {
          if (fact.direction === 'in') messagesIn++;
          else messagesOut++;
        } else if (fact.kind === 'blocked') blocked++;
        else if (fact.kind === 'unblocked') unblocked++;
        else presses++;
      }
    }
    const { ingestFacts, ingestBatchFacts, ingestCommitDuration } = this.metrics;
    if (messagesIn) ingestFacts.inc({ kind: 'message_in' }, messagesIn);
    if (messagesOut) ingestFacts.inc({ kind: 'message_out' }, messagesOut);
    if (blocked) ingestFacts.inc({ kind: 'blocked' }, blocked);
    if (unblocked) ingestFacts.inc({ kind: 'unblocked' }, unblocked);
    if (presses) ingestFacts.inc({ kind: 'button_press' }, presses);
    ingestBatchFacts.observe(messagesIn + messagesOut + blocked + unblocked + presses);
    ingestCommitDuration.observe((performance.now() - started) / 1000);
  }

  /** `activeDays` receives the contact-days the retention statement writes, to remember once committed. */
  private async write(
    tx: PipelinedTransaction,
    batch: FactBatchItem[],
    activeDays: ContactSeen[],
  ): Promise<StoredFacts> {
    const bots = new Map(batch.map((item) => [item.bot.id, item.bot]));
    const messages = uniqueMessages(batch);
    const presses = uniquePresses(batch);
    const blocks = batch.flatMap((item) =>
      item.facts
        .filter((f): f is BlockFact => f.kind === 'blocked' || f.kind === 'unblocked')
        .map((f) => ({ botId: item.bot.id, fact: f })),
    );

    // A press makes its contact as a message does (created, profile refreshed), without counting as one.
    const snapshots = latestPerContact([...messages, ...presses]);
    const withMessages = new Set(snapshots.map((s) => key(s.botId, s.externalUserId)));
    const blockOnly = blocks.filter((b) => !withMessages.has(key(b.botId, b.fact.externalUserId)));
    // One round trip for the contacts (and the presses, which find theirs in SQL right behind the upsert);
    // a second for the messages, which take their contacts' ids from it.
    const [upserted, locked, newPresses] = await Promise.all([
      this.upsertContacts(tx, snapshots),
      this.lockContacts(
        tx,
        blockOnly.map((b) => [b.botId, b.fact.externalUserId] as const),
      ),
      presses.length ? tx.rows<InsertedPressRow>(ButtonPresses.insertStatement(presses)) : [],
    ]);
    const created = upserted.created;
    const contacts = new Map([
      ...upserted.contacts.map((c) => [key(c.bot_id, c.external_user_id), c] as const),
      ...locked,
    ]);
    const contactById = new Map([...contacts.values()].map((c) => [c.id, c]));
    const newMessages = await this.insertMessages(tx, messages, contacts);

    const factByKey = new Map(messages.map((m) => [key(m.botId, m.fact.dedupeKey), m]));
    const touches = newMessages.flatMap((row) => {
      const source = factByKey.get(key(row.bot_id, row.dedupe_key))!;
      if (!source.fact.touch) return [];
      const parsed = parseStartParameter(source.fact.touch.parameter, bots.get(row.bot_id)!.utmKey);
      return [{ row, parameter: source.fact.touch.parameter, ...parsed }];
    });

    // From here on statements are only queued: they go out together, in this order, with what is awaited next (COMMIT).
    const deltas = contactDeltas(newMessages, touches);
    const pressByKey = new Map(presses.map((p) => [key(p.botId, p.fact.dedupeKey), p.fact]));
    const stored = newPresses.map((row) => ({ row, fact: pressByKey.get(key(row.bot_id, row.dedupe_key))! }));
    this.updateContacts(tx, deltas);
    this.markActive(tx, stored);
    const pressRollup = ButtonPresses.rollupStatement(
      stored.map(({ row, fact }) => ({ botId: row.bot_id, contactId: row.contact_id, data: fact.data, at: fact.at })),
    );
    if (pressRollup) tx.send(pressRollup);
    this.applyBlocks(tx, blocks, contacts);
    this.insertTouches(tx, touches);

    const newlyAttributed = deltas.filter(
      (d) => d.source !== null && contactById.get(d.contactId)?.source_value === null,
    );
    // The counters last, in one order in every transaction: their rows are shared by every batch of a bot, so
    // they are locked as briefly as possible and never in a cycle by two transactions written at once.
    const hourly = hourlyStatsStatement({
      messages: newMessages,
      created,
      seen: lastSeen(deltas, stored),
      before: contactById,
    });
    if (hourly) tx.send(hourly);
    this.upsertDailyStats(tx, dailyDeltas(newMessages, created));
    this.upsertSourceRollups(tx, rollupDeltas(touches, newlyAttributed));
    activeDays.push(...this.retentionDays.unwritten(seenContacts(newMessages, created)));
    const retention = retentionActivityStatement(
      activeDays,
      newlyAttributed.map((d) => ({ botId: contactById.get(d.contactId)!.bot_id, contactId: d.contactId })),
    );
    if (retention) tx.send(retention);
    for (const statement of batch.flatMap((item) => item.alongside ?? []))
      tx.send({ text: statement.text, values: statement.values });

    const attribution = new Map(newlyAttributed.map((d) => [d.contactId, d]));
    return {
      contacts: created.map((c) => ({
        userId: bots.get(c.bot_id)!.userId,
        bot_id: c.bot_id,
        contact_id: c.id,
        external_user_id: c.external_user_id,
        username: c.username,
        first_name: c.first_name,
        last_name: c.last_name,
        source_value: attribution.get(c.id)?.source ?? null,
        campaign_name: attribution.get(c.id)?.campaign ?? null,
        created_at: c.first_seen_at.toISOString(),
      })),
      messages: newMessages.map((m) => ({
        userId: bots.get(m.bot_id)!.userId,
        bot_id: m.bot_id,
        message_id: m.id,
        direction: m.direction,
        external_user_id: m.external_user_id,
        text: m.text,
        created_at: m.created_at.toISOString(),
      })),
      presses: stored.map(({ row, fact }) => ({
        userId: bots.get(row.bot_id)!.userId,
        bot_id: row.bot_id,
        press_id: row.id,
        external_user_id: fact.externalUserId,
        data: fact.data,
        created_at: fact.at.toISOString(),
      })),
    };
  }

  /**
   * Creates the batch's missing contacts and, for existing ones, refreshes the profile from the newest
   * inbound message (contract §6) — one statement that also locks every row in key order, so two
   * concurrent batches never deadlock — and then reads each contact's id and its source before this batch.
   * A contact appears with its first message either way; a block alone makes none.
   */
  private async upsertContacts(
    tx: PipelinedTransaction,
    rows: ContactSnapshot[],
  ): Promise<{ created: UpsertedContact[]; contacts: ContactRow[] }> {
    if (!rows.length) return { created: [], contacts: [] };
    // A row whose profile and phone are as they were is locked but not rewritten: the counters' update
    // after the messages writes it anyway, and each version of a contact costs an entry in each of its
    // six indexes (updating last_at is never HOT). The upsert returns only what it inserted or changed,
    // so the contacts are read after it, when every one is locked by this transaction.
    const upserted = records<UpsertedContact>(
      tx,
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[],
           $9::timestamptz[], $10::boolean[])
           AS d(bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_at, has_profile))
       INSERT INTO contacts AS c (bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_seen_at)
       SELECT bot_id, external_user_id, username, first_name, last_name, is_premium, language_code, phone, first_at
       FROM input ORDER BY bot_id, external_user_id
       ON CONFLICT (bot_id, external_user_id) DO UPDATE SET
         (username, first_name, last_name, is_premium, language_code, phone) = (
           SELECT CASE WHEN i.has_profile THEN i.username ELSE c.username END,
                  CASE WHEN i.has_profile THEN i.first_name ELSE c.first_name END,
                  CASE WHEN i.has_profile THEN i.last_name ELSE c.last_name END,
                  CASE WHEN i.has_profile THEN i.is_premium ELSE c.is_premium END,
                  CASE WHEN i.has_profile THEN i.language_code ELSE c.language_code END,
                  COALESCE(i.phone, c.phone)
           FROM input i WHERE i.bot_id = EXCLUDED.bot_id AND i.external_user_id = EXCLUDED.external_user_id)
       WHERE EXISTS (
           SELECT FROM input i WHERE i.bot_id = EXCLUDED.bot_id AND i.external_user_id = EXCLUDED.external_user_id
              AND (i.has_profile AND (i.username, i.first_name, i.last_name, i.is_premium, i.language_code)
                     IS DISTINCT FROM (c.username, c.first_name, c.last_name, c.is_premium, c.language_code)
                   OR i.phone IS DISTINCT FROM c.phone AND i.phone IS NOT NULL))
       RETURNING id, bot_id, external_user_id, username, first_name, last_name, first_seen_at, source_value, (xmax = 0) AS inserted`,
      [
        rows.map((r) => r.botId),
        rows.map((r) => r.externalUserId),
        rows.map((r) => r.profile?.username ?? null),
        rows.map((r) => r.profile?.firstName ?? null),
        rows.map((r) => r.profile?.lastName ?? null),
        rows.map((r) => r.profile?.isPremium ?? false),
        rows.map((r) => r.profile?.languageCode ?? null),
        rows.map((r) => r.phone),
        rows.map((r) => r.firstAt),
        rows.map((r) => r.profile !== null),
      ],
    );
    // Queued right behind the upsert: a statement of its own sees every contact the upsert locked, as committed
    // or as this transaction changed it (a CTE's snapshot would miss a row another writer committed meanwhile).
    const locked = plannedRecords<ContactRow>(
      tx,
      `SELECT c.id, c.bot_id, c.external_user_id, c.source_value, c.last_seen_at FROM contacts c
       JOIN unnest($1::uuid[], $2::text[]) AS d(bot_id, external_user_id)
         ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id`,
      [rows.map((r) => r.botId), rows.map((r) => r.externalUserId)],
    );
    const [written, contacts] = await Promise.all([upserted, locked]);
    return { created: written.filter((c) => c.inserted), contacts };
  }

  /** Locks the batch's contacts in id order, so concurrent writers never deadlock on them. */
  private async lockContacts(
    tx: PipelinedTransaction,
    pairs: ReadonlyArray<readonly [string, string]>,
  ): Promise<Map<string, ContactRow>> {
    const unique = [...new Map(pairs.map((p) => [key(p[0], p[1]), p])).values()];
    if (!unique.length) return new Map();
    const rows = await plannedRecords<ContactRow>(
      tx,
      `SELECT c.id, c.bot_id, c.external_user_id, c.source_value, c.last_seen_at FROM contacts c
       JOIN unnest($1::uuid[], $2::text[]) AS d(bot_id, external_user_id)
         ON c.bot_id = d.bot_id AND c.external_user_id = d.external_user_id
       ORDER BY c.id FOR UPDATE OF c`,
      [unique.map((p) => p[0]), unique.map((p) => p[1])],
    );
    return new Map(rows.map((r) => [key(r.bot_id, r.external_user_id), r]));
  }

  /**
   * Each message with its contact, which the upsert before it (same transaction) created or locked. With
   * the contact's id given, the statement joins nothing and is prepared once per connection: parsing and
   * planning a join to contacts cost PostgreSQL more than the insert itself at a dozen messages.
   */
  private async insertMessages(
    tx: PipelinedTransaction,
    unsorted: BotMessage[],
    contacts: Map<string, ContactRow>,
  ): Promise<NewMessageRow[]> {
    if (!unsorted.length) return [];
    // Key order, like every other write here, so two batches never wait on each other in a cycle.
    const messages = [...unsorted].sort(
      (a, b) => compare(a.botId, b.botId) || compare(a.fact.dedupeKey, b.fact.dedupeKey),
    );
    const contactIds = messages.map((m) => {
      const contact = contacts.get(key(m.botId, m.fact.externalUserId));
      if (!contact) throw new Error(`A message's contact was not upserted (bot ${m.botId})`);
      return contact.id;
    });
    // Ids made here, time-ordered (see time-ordered-id.ts). Only the ids of the rows that were new come back:
    // the rest is in the facts, and parsing it back (texts, timestamps) cost the app more than writing it.
    const ids = messages.map(() => timeOrderedId());
    const inserted = await records<{ id: string }>(
      tx,
      `INSERT INTO messages (id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw_json, created_at)
       SELECT d.id, d.bot_id, d.contact_id, d.external_user_id, d.direction, d.text, d.platform_message_id, d.dedupe_key, d.raw::jsonb, d.created_at
       FROM ROWS FROM (unnest($1::uuid[]), unnest($2::uuid[]), unnest($3::uuid[]), unnest($4::text[]), unnest($5::text[]),
         unnest($6::text[]), unnest($7::text[]), unnest($8::text[]), string_to_table($9::text, E'\\n', ''), unnest($10::timestamptz[]))
         AS d(id, bot_id, contact_id, external_user_id, direction, text, platform_message_id, dedupe_key, raw, created_at)
       ON CONFLICT (bot_id, dedupe_key) DO NOTHING
       RETURNING id`,
      [
        ids,
        messages.map((m) => m.botId),
        contactIds,
        messages.map((m) => m.fact.externalUserId),
        messages.map((m) => m.fact.direction),
        messages.map((m) => m.fact.text),
        messages.map((m) => m.fact.platformMessageId),
        messages.map((m) => m.fact.dedupeKey),
        rawCopies(messages),
        // ISO strings: the driver's own Date formatting is several times slower.
        messages.map((m) => m.fact.at.toISOString()),
      ],
    );
    const index = new Map(ids.map((id, i) => [id, i]));
    return inserted.map(({ id }) => {
      const i = index.get(id)!;
      const { botId, fact } = messages[i];
      return {
        id,
        bot_id: botId,
        contact_id: contactIds[i],
        external_user_id: fact.externalUserId,
        direction: fact.direction,
        text: fact.text,
        created_at: fact.at,
        dedupe_key: fact.dedupeKey,
      };
    });
  }

  private updateContacts(tx: PipelinedTransaction, deltas: ContactDelta[]): void {
    if (!deltas.length) return;
    const column = <K extends keyof ContactDelta>(name: K) => deltas.map((d) => d[name]);
    sendPrepared(
      tx,
      `WITH d AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::text[],
           $8::text[], $9::int[], $10::timestamptz[], $11::timestamptz[], $12::text[], $13::text[])
         AS d(contact_id, n_in, n_out, first_at, last_in_at, last_at, last_text, last_direction, n_touches, first_touch_at,
           last_touch_at, source, campaign)),
       updated AS (
         UPDATE contacts c SET
           messages_in = c.messages_in + d.n_in,
           messages_out = c.messages_out + d.n_out,
           first_message_at = LEAST(c.first_message_at, d.first_at),
           last_seen_at = GREATEST(c.last_seen_at, d.last_in_at),
           last_text = CASE WHEN c.last_at IS NULL OR d.last_at >= c.last_at THEN d.last_text ELSE c.last_text END,
           last_direction = CASE WHEN c.last_at IS NULL OR d.last_at >= c.last_at THEN d.last_direction ELSE c.last_direction END,
           last_at = GREATEST(c.last_at, d.last_at),
           blocked_at = CASE WHEN d.last_in_at IS NOT NULL AND d.last_in_at >= c.blocked_at THEN NULL ELSE c.blocked_at END,
           touches = c.touches + d.n_touches,
           first_touch_at = LEAST(c.first_touch_at, d.first_touch_at),
           last_touch_at = GREATEST(c.last_touch_at, d.last_touch_at),
           source_value = CASE WHEN c.source_value IS NULL AND d.source IS NOT NULL THEN d.source ELSE c.source_value END,
           campaign_name = CASE WHEN c.source_value IS NULL AND d.source IS NOT NULL THEN d.campaign ELSE c.campaign_name END
         FROM d WHERE c.id = d.contact_id
         RETURNING 1)
       SELECT count(*) FROM updated`,
      [
        column('contactId'),
        column('messagesIn'),
        column('messagesOut'),
        column('firstAt'),
        column('lastInAt'),
        column('lastAt'),
        column('lastText'),
        column('lastDirection'),
        column('touches'),
        column('firstTouchAt'),
        column('lastTouchAt'),
        column('source'),
        column('campaign'),
      ],
    );
  }

  /**
   * New presses make their contacts active as inbound messages do: `last_seen_at` moves on, and a block
   * older than the press is over. Message counters and the last message stay as they are.
   */
  private markActive(tx: PipelinedTransaction, presses: Array<{ row: InsertedPressRow; fact: { at: Date } }>): void {
    const latest = new Map<string, Date>();
    for (const { row, fact } of presses) {
      const seen = latest.get(row.contact_id);
      if (!seen || seen < fact.at) latest.set(row.contact_id, fact.at);
    }
    if (!latest.size) return;
    const rows = [...latest].sort((a, b) => compare(a[0], b[0]));
    sendPrepared(
      tx,
      `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) AS d(contact_id, at)),
       updated AS (
         UPDATE contacts c SET
           last_seen_at = GREATEST(c.last_seen_at, d.at),
           blocked_at = CASE WHEN d.at >= c.blocked_at THEN NULL ELSE c.blocked_at END
         FROM d WHERE c.id = d.contact_id
         RETURNING 1)
       SELECT count(*) FROM updated`,
      [rows.map((r) => r[0]), rows.map((r) => r[1].toISOString())],
    );
  }

  /** The newest block fact of a contact wins, unless the user wrote after it. */
  private applyBlocks(
    tx: PipelinedTransaction,
    blocks: Array<{ botId: string; fact: BlockFact }>,
    contacts: Map<string, ContactRow>,
  ) {
    const latest = new Map<string, { contactId: string; blocked: boolean; at: Date }>();
    for (const { botId, fact } of blocks) {
      const contact = contacts.get(key(botId, fact.externalUserId));
      if (!contact) continue;
      const seen = latest.get(contact.id);
      if (!seen || seen.at <= fact.at)
        latest.set(contact.id, { contactId: contact.id, blocked: fact.kind === 'blocked', at: fact.at });
    }
    const rows = [...latest.values()];
    if (!rows.length) return;
    sendPrepared(
      tx,
      `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::boolean[], $3::timestamptz[]) AS d(contact_id, blocked, at)),
       updated AS (
         UPDATE contacts c SET blocked_at = CASE WHEN d.blocked THEN d.at ELSE NULL END
         FROM d WHERE c.id = d.contact_id AND (c.last_seen_at IS NULL OR d.at >= c.last_seen_at)
         RETURNING 1)
       SELECT count(*) FROM updated`,
      [rows.map((r) => r.contactId), rows.map((r) => r.blocked), rows.map((r) => r.at)],
    );
  }

  private insertTouches(tx: PipelinedTransaction, touches: TouchRow[]): void {
    if (!touches.length) return;
    sendPrepared(
      tx,
      `INSERT INTO touches (bot_id, contact_id, parameter, source_value, campaign_name, created_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
      [
        touches.map((t) => t.row.bot_id),
        touches.map((t) => t.row.contact_id),
        touches.map((t) => t.parameter),
        touches.map((t) => t.sourceValue),
        touches.map((t) => t.campaignName),
        touches.map((t) => t.row.created_at),
      ],
    );
  }

  private upsertDailyStats(tx: PipelinedTransaction, days: ReturnType<typeof dailyDeltas>): void {
    if (!days.length) return;
    sendPrepared(
      tx,
      `INSERT INTO daily_stats (bot_id, day, messages_in, messages_out, new_contacts)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::int[], $4::int[], $5::int[]) ORDER BY 1, 2
       ON CONFLICT (bot_id, day) DO UPDATE SET
         messages_in = daily_stats.messages_in + EXCLUDED.messages_in,
         messages_out = daily_stats.messages_out + EXCLUDED.messages_out,
         new_contacts = daily_stats.new_contacts + EXCLUDED.new_contacts`,
      [
        days.map((d) => d.botId),
        days.map((d) => d.day),
        days.map((d) => d.in),
        days.map((d) => d.out),
        days.map((d) => d.newContacts),
      ],
    );
  }

  private upsertSourceRollups(tx: PipelinedTransaction, rows: ReturnType<typeof rollupDeltas>): void {
    if (!rows.length) return;
    sendPrepared(
      tx,
      `INSERT INTO source_rollups (bot_id, source_value, campaign_name, contacts_count, touches)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::int[]) ORDER BY 1, 2, 3
       ON CONFLICT (bot_id, source_value, campaign_name) DO UPDATE SET
         contacts_count = source_rollups.contacts_count + EXCLUDED.contacts_count,
         touches = source_rollups.touches + EXCLUDED.touches`,
      [
        rows.map((r) => r.botId),
        rows.map((r) => r.source),
        rows.map((r) => r.campaign),
        rows.map((r) => r.contacts),
        rows.map((r) => r.touches),
      ],
    );
  }
}

export interface BotMessage {
  botId: string;
  fact: MessageFact;
}

export interface TouchRow {
  row: NewMessageRow;
  parameter: string | null;
  sourceValue: string | null;
  campaignName: string | null;
}

export type { NewMessageRow };

/** Message facts of the batch, each dedupe key once per bot. */
function uniqueMessages(batch: FactBatchItem[]): BotMessage[] {
  const seen = new Set<string>();
  const out: BotMessage[] = [];
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if (fact.kind !== 'message') continue;
      const k = key(bot.id, fact.dedupeKey);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ botId: bot.id, fact });
    }
  }
  return out;
}

/** Press facts of the batch, each dedupe key once per bot. */
function uniquePresses(batch: FactBatchItem[]): BotPress[] {
  const seen = new Set<string>();
  const out: BotPress[] = [];
  for (const { bot, facts } of batch) {
    for (const fact of facts) {
      if (fact.kind !== 'press') continue;
      const k = key(bot.id, fact.dedupeKey);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ botId: bot.id, fact });
    }
  }
  return out;
}

/** One contact's view of the batch: when it was first seen, its newest profile and any shared phone. */
interface ContactSnapshot {
  botId: string;
  externalUserId: string;
  firstAt: Date;
  profile: ContactProfile | null;
  profileAt: Date | null;
  phone: string | null;
}

function latestPerContact(messages: Array<BotMessage | BotPress>): ContactSnapshot[] {
  const byContact = new Map<string, ContactSnapshot>();
  for (const { botId, fact } of messages) {
    const k = key(botId, fact.externalUserId);
    const snapshot = byContact.get(k) ?? {
      botId,
      externalUserId: fact.externalUserId,
      firstAt: fact.at,
      profile: null,
      profileAt: null,
      phone: null,
    };
    if (fact.at < snapshot.firstAt) snapshot.firstAt = fact.at;
    if (fact.profile && (!snapshot.profileAt || fact.at >= snapshot.profileAt)) {
      snapshot.profile = fact.profile;
      snapshot.profileAt = fact.at;
    }
    if (fact.kind === 'message') snapshot.phone = fact.phone ?? snapshot.phone;
    byContact.set(k, snapshot);
  }
  return [...byContact.values()];
}

/** When each contact was seen for the retention rollup: its creation and its inbound messages, once per UTC day. */
function seenContacts(
  messages: NewMessageRow[],
  created: Array<{ bot_id: string; id: string; first_seen_at: Date }>,
): ContactSeen[] {
  const seen = new Map<string, ContactSeen>();
  const add = (botId: string, contactId: string, at: Date) => {
    const k = `${contactId}|${at.toISOString().slice(0, 10)}`;
    if (!seen.has(k)) seen.set(k, { botId, contactId, at });
  };
  for (const c of created) add(c.bot_id, c.id, c.first_seen_at);
  for (const m of messages) if (m.direction === 'in') add(m.bot_id, m.contact_id, m.created_at);
  return [...seen.values()];
}

/** Per contact, the newest time the batch saw it (an inbound message or a press): what last_seen_at moves to. */
function lastSeen(deltas: ContactDelta[], presses: Array<{ row: InsertedPressRow; fact: { at: Date } }>) {
  const seen = new Map<string, Date>();
  const see = (contactId: string, at: Date) => {
    const before = seen.get(contactId);
    if (!before || before < at) seen.set(contactId, at);
  };
  for (const d of deltas) if (d.lastInAt) see(d.contactId, d.lastInAt);
  for (const { row, fact } of presses) see(row.contact_id, fact.at);
  return seen;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The messages' raw copies as one parameter, a line each (an empty line for none; string_to_table gives
 * NULL for it, and pads a shorter list with NULLs). Compact JSON holds no line break, so nothing needs
 * escaping: as array elements, each update's quotes were escaped one by one, ~10 µs of the app's CPU per
 * update in bench/ingest.ts (the largest single cost of writing it).
 */
function rawCopies(messages: BotMessage[]): string {
  return messages
    .map((m) =>
      // jsonb refuses NUL and lone surrogates even escaped: the copy keeps U+FFFD in their place.
      m.fact.raw === undefined || m.fact.raw === null ? '' : (storableJson(m.fact.raw) ?? ''),
    )
    .join('\n');
}

/** Rows of a statement PostgreSQL parses and plans once per connection. */
function records<T = unknown>(tx: PipelinedTransaction, sql: string, params: unknown[]): Promise<T[]> {
  return tx.rows<T>(prepared(sql, params));
}

/** Rows of a statement joining the batch to contacts, planned on every run (see `planned`). */
function plannedRecords<T = unknown>(tx: PipelinedTransaction, sql: string, params: unknown[]): Promise<T[]> {
  return tx.rows<T>(planned(sql, params));
}

/** Sends a prepared statement without waiting for its answer; a failure surfaces at commit. */
function sendPrepared(tx: PipelinedTransaction, sql: string, params: unknown[]): void {
  tx.send(prepared(sql, params));
}
