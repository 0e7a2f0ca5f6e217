import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { BotChanged, ChangeEvents } from '../common/changes';
import { Bot } from './bot.entity';
import { Platform } from '../platforms/platform';
import { BotsService } from './bots.service';
import { describeError } from '../logging/describe-error';

/** What the hot paths (mirror, proxy) need to know about a bot. */
export interface RegisteredBot {
  id: string;
  userId: string;
  platform: Platform;
  active: boolean;
  targetUrl: string | null;
  utmKey: string;
  proxySecret: string;
  webhookSecret: string | null;
}

interface Entry {
  bot: RegisteredBot | null;
  fetchedAt: number;
}

const FRESH_MS = 30_000;
const UNKNOWN_FRESH_MS = 5_000;

/**
 * In-memory view of bots for the mirror and the proxy, so a known bot's traffic does not wait on
 * PostgreSQL (and survives an outage: a stale entry is served when the database cannot answer).
 * Entries refresh after 30 s; a `bot.changed` event invalidates them at once.
 */
@Injectable()
export class BotRegistry {
  private readonly logger = new Logger('BotRegistry');
  private readonly byTokenHash = new Map<string, Entry>();
  /**
   * The lookup hash of each token a known bot was found by, so its calls skip the HMAC (a few µs,
   * on every mirrored call). Only known bots' tokens are kept, so random tokens cannot grow it; they
   * pass through memory on each of their calls anyway.
   */
  private readonly hashByToken: Record<Platform, Map<string, string>> = { telegram: new Map(), max: new Map() };
  private readonly byId = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<RegisteredBot | null>>();

  constructor(
    @InjectRepository(Bot) private readonly bots: Repository<Bot>,
    private readonly botsService: BotsService,
  ) {}

  @OnEvent(ChangeEvents.botChanged)
  onBotChanged(change: BotChanged): void {
    this.invalidate(change.botId);
  }

  /** The live (not deleted) bot with this token on this platform, or null. */
  findByToken(platform: Platform, token: string): Promise<RegisteredBot | null> {
    const hash = this.hashOf(platform, token);
    return this.lookup(this.byTokenHash, `t:${hash}`, hash, () =>
      this.bots.findOneBy({ platform, tokenHash: hash, deletedAt: IsNull() }),
    );
  }

  /**
   * The cached answer for this token while it is fresh (null: no such bot), else undefined, and
   * then the caller asks findByToken. Lets the mirror's hot path resolve a known bot without a promise.
   */
  peekByToken(platform: Platform, token: string): RegisteredBot | null | undefined {
    const hash = this.hashOf(platform, token);
    const cached = this.byTokenHash.get(hash);
    if (!cached || Date.now() - cached.fetchedAt >= (cached.bot ? FRESH_MS : UNKNOWN_FRESH_MS)) return undefined;
    if (cached.bot) this.hashByToken[platform].set(token, hash);
    return cached.bot;
  }

  findById(id: string): Promise<RegisteredBot | null> {
    return this.lookup(this.byId, `i:${id}`, id, () => this.bots.findOneBy({ id, deletedAt: IsNull() }));
  }

  invalidate(botId: string): void {
    this.byId.delete(botId);
    for (const [key, entry] of this.byTokenHash) {
      if (entry.bot?.id !== botId) continue;
      this.byTokenHash.delete(key);
      const hashes = this.hashByToken[entry.bot.platform];
      for (const [token, hash] of hashes) if (hash === key) hashes.delete(token);
    }
  }

  private hashOf(platform: Platform, token: string): string {
    return this.hashByToken[platform].get(token) ?? this.botsService.tokenHash(platform, token);
  }

  private async lookup(
    cache: Map<string, Entry>,
    flightKey: string,
    key: string,
    load: () => Promise<Bot | null>,
  ): Promise<RegisteredBot | null> {
    const cached = cache.get(key);
    const age = cached ? Date.now() - cached.fetchedAt : Infinity;
    if (cached && age < (cached.bot ? FRESH_MS : UNKNOWN_FRESH_MS)) return cached.bot;

    const pending = this.inFlight.get(flightKey);
    // A known bot never waits: the stale entry answers now and the refresh runs behind it.
    if (cached?.bot) {
      if (!pending) this.refresh(cache, flightKey, key, load).catch((error: unknown) => this.warnStale(error));
      return cached.bot;
    }
    return pending ?? this.refresh(cache, flightKey, key, load);
  }

  private refresh(
    cache: Map<string, Entry>,
    flightKey: string,
    key: string,
    load: () => Promise<Bot | null>,
  ): Promise<RegisteredBot | null> {
    const pending = load()
      .then((row) => {
        const bot = row ? toRegistered(row) : null;
        cache.set(key, { bot, fetchedAt: Date.now() });
        return bot;
      })
      .finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, pending);
    return pending;
  }

  private warnStale(error: unknown): void {
    this.logger.warn(`Refreshing a bot entry failed, serving the cached one: ${describeError(error)}`);
  }
}

function toRegistered(bot: Bot): RegisteredBot {
  return {
    id: bot.id,
    userId: bot.userId,
    platform: bot.platform,
    active: bot.active,
    targetUrl: bot.targetUrl,
    utmKey: bot.utmKey,
    proxySecret: bot.proxySecret,
    webhookSecret: bot.webhookSecret,
  };
}
