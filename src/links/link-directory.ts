import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { BotChanged, ChangeEvents, LinksChanged } from '../common/changes';
import { describeError } from '../logging/describe-error';
import { LinksRepository, ResolvedLink } from './links.repository';

interface Entry {
  link: ResolvedLink | null;
  fetchedAt: number;
}

/** A known link is read again after this long (a missed change notice is covered by it). */
const FRESH_MS = 30_000;
/** An unknown code is asked again after this long. */
const UNKNOWN_FRESH_MS = 5_000;
/** Codes kept at most; past it the memory starts over (random codes cannot grow it without bound). */
const MAX_ENTRIES = 100_000;

/**
 * The redirect's view of links by code, in memory, so a known link is answered without PostgreSQL (and through
 * its outage: a stale entry is served while the database cannot answer). A deleted link (`links.changed`) or a
 * changed bot (`bot.changed`: deactivated, deleted) is dropped at once, on every instance through the change relay.
 */
@Injectable()
export class LinkDirectory {
  private readonly logger = new Logger('Links');
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<ResolvedLink | null>>();
  /** Codes read while a change came: their answer may predate it, so it is not kept. */
  private readonly discarded = new Set<string>();

  constructor(private readonly links: LinksRepository) {}

  @OnEvent(ChangeEvents.linksChanged)
  onLinksChanged(change: LinksChanged): void {
    this.entries.delete(change.code);
    if (this.inFlight.has(change.code)) this.discarded.add(change.code);
  }

  @OnEvent(ChangeEvents.botChanged)
  onBotChanged(change: BotChanged): void {
    for (const [code, entry] of this.entries) if (entry.link?.botId === change.botId) this.entries.delete(code);
    for (const code of this.inFlight.keys()) this.discarded.add(code);
  }

  /** The cached answer while it is fresh (null: no such link), else undefined: then ask `resolve`. */
  peek(code: string): ResolvedLink | null | undefined {
    const entry = this.entries.get(code);
    if (!entry || Date.now() - entry.fetchedAt >= (entry.link ? FRESH_MS : UNKNOWN_FRESH_MS)) return undefined;
    return entry.link;
  }

  /** The live link with this code, or null. A known link never waits: a stale entry answers while it is read again. */
  resolve(code: string): Promise<ResolvedLink | null> {
    const fresh = this.peek(code);
    if (fresh !== undefined) return Promise.resolve(fresh);
    const stale = this.entries.get(code)?.link;
    let pending = this.inFlight.get(code);
    if (!pending) {
      pending = this.load(code);
      if (stale) pending.catch((error: unknown) => this.warnStale(code, error));
    }
    return stale ? Promise.resolve(stale) : pending;
  }

  private warnStale(code: string, error: unknown): void {
    this.logger.warn(`Reading link ${code} again failed, serving the cached one: ${describeError(error)}`);
  }

  private load(code: string): Promise<ResolvedLink | null> {
    const pending = this.links
      .resolve(code)
      .then((link) => {
        if (this.discarded.has(code)) return link;
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(code, { link, fetchedAt: Date.now() });
        return link;
      })
      .finally(() => {
        this.inFlight.delete(code);
        this.discarded.delete(code);
      });
    this.inFlight.set(code, pending);
    return pending;
  }
}
