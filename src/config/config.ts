import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import * as ipaddr from 'ipaddr.js';

/**
 * Every setting of the service, parsed and validated once at start (contract §2).
 * Nothing else in the code reads process.env.
 */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  databaseUrl: string;
  /**
   * A streaming replica of DATABASE_URL for the read-only reports (src/database/report-reads.ts); null: every read on
   * the primary, no second pool.
   */
  databaseReplicaUrl: string | null;
  /** Past this replay lag (or while the replica cannot be reached) the reports read from the primary. */
  replicaMaxLagMs: number;
  /** How often the replica's lag is measured. */
  replicaLagCheckMs: number;
  redisUrl: string;
  /** Prefix of every Redis key (queues, rate limits), so several instances or test runs can share one Redis. */
  redisKeyPrefix: string;
  telegramApiUrl: string;
  maxApiUrl: string;
  publicBaseUrl: string;
  tokenEncryptionKey: Buffer;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  allowPrivateWebhookTargets: boolean;
  logLevel: string;
  authRateLimitPerIp: number;
  authRateLimitPerEmail: number;
  /**
   * argon2id's cost for new password hashes (a hash keeps its own, so verifying is unaffected by a change). The
   * defaults are the argon2 library's (64 MiB, 3 passes, 4 lanes); the test suites lower them, production refuses
   * less than OWASP's minimum (19 MiB with 2 passes).
   */
  passwordHashing: { memoryKib: number; passes: number; lanes: number };
  /**
   * The mirror's base wait for a platform (contract §4: 30 s): a MAX call's answer limit and the grace
   * added to a long poll's own timeout. Telegram calls get twice this, streamed uploads ten times.
   */
  mirrorPlatformTimeoutMs: number;
  /** How often the bots' alert rules are evaluated across the fleet (issue 27); polls seen are written as often. */
  healthCheckIntervalMs: number;
  /** Broadcast sends per bot in any one-second window (Telegram and MAX both ask for at most 30/s). */
  broadcastRatePerSecond: number;
  /**
   * BullMQ lock of a running broadcast and how often workers look for broadcasts whose worker died;
   * a dead instance's broadcast resumes elsewhere after about lock + 2 × interval.
   */
  broadcastLockDurationMs: number;
  broadcastStalledIntervalMs: number;
  /**
   * How often each instance looks for unfinished broadcasts that nobody runs and whose BullMQ job is
   * gone (Redis restarted empty), and queues them again.
   */
  broadcastRecoveryIntervalMs: number;
  /** The length of the A/B test's minute (`winner_after_minutes`): tests shorten it, nothing else should. */
  broadcastWinnerMinuteMs: number;
  /**
   * How long a claimed event delivery is a worker's before another may claim it again (a worker killed mid-delivery
   * loses its claims after this); longer than a delivery's 10 s limit, or a slow one would be sent twice.
   */
  webhookLeaseMs: number;
  /** How often each worker instance looks for event deliveries that no wake-up reached (Redis lost the job). */
  webhookSweepIntervalMs: number;
  /** Deliveries one worker instance sends to one subscription at once, so a slow subscriber holds only this many. */
  webhookSubscriptionConcurrency: number;
  /** How often live-dialog sockets are checked against their sessions; a socket whose session ended (logout, expiry) is closed. */
  liveSessionCheckMs: number;
  /** Messages a month an account on a capped plan (free) gets recorded; forwarding never stops. */
  freePlanMessageCap: number;
  /** Days the data of deleted accounts and bots is kept before the final cleanup removes it. */
  deletedDataRetentionDays: number;
  /**
   * Days raw copies (messages' `message_raws`, held polling-mode updates, files of ended broadcasts) are kept
   * before the cleanup clears them; the facts stay. 0 keeps them.
   */
  rawRetentionDays: number;
  /** The built cabinet (`web/dist`), served at `/`; relative paths are taken from the working directory. */
  cabinetDir: string;
  /**
   * Facts the ingest keeps waiting in memory (the mirror's, held through a PostgreSQL outage; any while it is
   * slow); past it the oldest the mirror handed over are dropped and counted.
   */
  ingestBufferFacts: number;
  /**
   * Past the memory buffer, while PostgreSQL is away, facts spill to an append-only journal in this directory
   * (one instance per directory) and are replayed in order once it is back, also after a crash.
   */
  ingestJournalDir: string;
  /** The journal's size bound in MiB; past it facts are dropped and counted (`journal_full`). 0: no journal. */
  ingestJournalMb: number;
  /** The Prometheus listener (`GET /metrics`), never the public port; 0 turns it off. */
  metricsPort: number;
  metricsHost: string;
  /** On SIGTERM, how long requests in flight (long polls included) may take to finish once the listener has closed. */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long the listener keeps taking new connections while /health/ready answers 503,
   * so a load balancer that follows readiness stops sending first. 0: it closes at once.
   */
  shutdownDelayMs: number;
  /**
   * true: the app creates its database and applies pending migrations at start (under a lock, so
   * instances may start together). false: a separate `migrate` step does; the app refuses to start
   * while migrations are pending.
   */
  migrateOnStart: boolean;
  /**
   * Express's `trust proxy`: which hops in front may name the client in X-Forwarded-For (the sign-in
   * limits and the logs then see that address). false: none; a number: that many hops; else a list of
   * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
   */
  trustProxy: false | number | string[];
  /**
   * What this process runs: `all` (everything), `api` (the HTTP listener: API, mirror, proxy, cabinet, sockets;
   * no queue workers or schedules), `worker` (queue workers, the cleanup schedule, broadcast recovery; no public listener).
   */
  processRole: ProcessRole;
}

export type ProcessRole = 'all' | 'api' | 'worker';

/** Whether this process runs the queue workers and schedules. */
export const runsWorkers = (config: Pick<AppConfig, 'processRole'>): boolean => config.processRole !== 'api';

export class ConfigError extends Error {}

/** OWASP's least argon2id memory (KiB) for 2 passes: below it only outside production (the test suites). */
const OWASP_MIN_MEMORY_KIB = 19_456;

function passwordHashing(read: EnvReader, nodeEnv: string): AppConfig['passwordHashing'] {
  const memoryKib = read.integer('PASSWORD_HASH_MEMORY_KIB', 65_536, 64, 4_194_304);
  const passes = read.integer('PASSWORD_HASH_PASSES', 3, 1, 100);
  if (nodeEnv === 'production' && (memoryKib < OWASP_MIN_MEMORY_KIB || passes < 2)) {
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB must be at least ${OWASP_MIN_MEMORY_KIB} and PASSWORD_HASH_PASSES at least 2 in production`,
    );
  }
  const lanes = read.integer('PASSWORD_HASH_LANES', 4, 1, 16);
  // argon2 itself refuses less than 8 KiB a lane, and would do so at the first registration, as a 500.
  if (memoryKib < 8 * lanes) {
    throw new ConfigError(`PASSWORD_HASH_MEMORY_KIB must be at least 8 per lane (${8 * lanes} for ${lanes} lanes)`);
  }
  return { memoryKib, passes, lanes };
}

type Env = Record<string, string | undefined>;

const DEV_TOKEN_KEY = Buffer.alloc(32, 'botlens-development-only-key!!').toString('base64');

export function loadConfig(env: Env = process.env): AppConfig {
  const read = new EnvReader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const port = read.integer('PORT', 3000, 0, 65535);
  const adminEmail = read.optional('ADMIN_EMAIL');
  const adminPassword = read.optional('ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError('ADMIN_EMAIL must be an email address');
  }
  if (adminPassword !== null && adminPassword.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 6 characters');
  }
  return Object.freeze({
    nodeEnv,
    port,
    databaseUrl: read.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/botlens', ['postgres:', 'postgresql:']),
    databaseReplicaUrl: read.optionalUrl('DATABASE_REPLICA_URL', ['postgres:', 'postgresql:']),
    replicaMaxLagMs: read.integer('REPLICA_MAX_LAG_MS', 5000, 0, 3_600_000),
    replicaLagCheckMs: read.integer('REPLICA_LAG_CHECK_MS', 1000, 50, 60_000),
    redisUrl: read.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisKeyPrefix: read.string('REDIS_KEY_PREFIX', 'botlens'),
    telegramApiUrl: stripSlash(read.url('TELEGRAM_API_URL', 'https://api.telegram.org', ['http:', 'https:'])),
    maxApiUrl: stripSlash(read.url('MAX_API_URL', 'https://platform-api2.max.ru', ['http:', 'https:'])),
    publicBaseUrl: stripSlash(read.url('PUBLIC_BASE_URL', `http://localhost:${port}`, ['http:', 'https:'])),
    tokenEncryptionKey: read.key32('TOKEN_ENCRYPTION_KEY', nodeEnv === 'production' ? null : DEV_TOKEN_KEY),
    smtpUrl: read.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.string('MAIL_FROM', 'Botlens <no-reply@botlens.local>'),
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    allowPrivateWebhookTargets: read.boolean('ALLOW_PRIVATE_WEBHOOK_TARGETS', false),
    logLevel: read.oneOf('LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    authRateLimitPerIp: read.integer('AUTH_RATE_LIMIT_PER_IP', 30, 1, 1_000_000),
    authRateLimitPerEmail: read.integer('AUTH_RATE_LIMIT_PER_EMAIL', 10, 1, 1_000_000),
    passwordHashing: passwordHashing(read, nodeEnv),
    mirrorPlatformTimeoutMs: read.integer('MIRROR_PLATFORM_TIMEOUT_MS', 30_000, 100, 600_000),
    healthCheckIntervalMs: read.integer('HEALTH_CHECK_INTERVAL_MS', 30_000, 100, 3_600_000),
    broadcastRatePerSecond: read.integer('BROADCAST_RATE_PER_SECOND', 30, 1, 1000),
    broadcastLockDurationMs: read.integer('BROADCAST_LOCK_DURATION_MS', 30_000, 500, 600_000),
    broadcastStalledIntervalMs: read.integer('BROADCAST_STALLED_INTERVAL_MS', 30_000, 500, 600_000),
    broadcastRecoveryIntervalMs: read.integer('BROADCAST_RECOVERY_INTERVAL_MS', 30_000, 100, 3_600_000),
    broadcastWinnerMinuteMs: read.integer('BROADCAST_WINNER_MINUTE_MS', 60_000, 1, 60_000),
    webhookLeaseMs: read.integer('WEBHOOK_LEASE_MS', 60_000, 500, 3_600_000),
    webhookSweepIntervalMs: read.integer('WEBHOOK_SWEEP_INTERVAL_MS', 1000, 50, 3_600_000),
    webhookSubscriptionConcurrency: read.integer('WEBHOOK_SUBSCRIPTION_CONCURRENCY', 64, 1, 1000),
    liveSessionCheckMs: read.integer('LIVE_SESSION_CHECK_MS', 60_000, 100, 3_600_000),
    freePlanMessageCap: read.integer('FREE_PLAN_MESSAGE_CAP', 1000, 0, 1_000_000_000),
    deletedDataRetentionDays: read.integer('DELETED_DATA_RETENTION_DAYS', 30, 0, 3650),
    rawRetentionDays: read.integer('RAW_RETENTION_DAYS', 30, 0, 3650),
    cabinetDir: resolve(read.string('CABINET_DIR', 'web/dist')),
    ingestBufferFacts: read.integer('INGEST_BUFFER_FACTS', 20_000, 0, 10_000_000),
    ingestJournalDir: resolve(read.string('INGEST_JOURNAL_DIR', 'var/ingest-journal')),
    ingestJournalMb: read.integer('INGEST_JOURNAL_MB', 1024, 0, 1_000_000),
    metricsPort: read.integer('METRICS_PORT', 9464, 0, 65535),
    metricsHost: read.string('METRICS_HOST', '127.0.0.1'),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 30_000, 0, 3_600_000),
    shutdownDelayMs: read.integer('SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    migrateOnStart: read.boolean('MIGRATE_ON_START', true),
    trustProxy: read.trustProxy('TRUST_PROXY'),
    processRole: read.oneOf('PROCESS_ROLE', 'all', ['all', 'api', 'worker']) as ProcessRole,
  });
}

/** A random key in the format TOKEN_ENCRYPTION_KEY expects, for the README and tests. */
export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64');
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** What Express's `trust proxy` takes in a list: a range name, an address, or an address with a prefix length. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  if (!entry.includes('/')) return ipaddr.isValid(entry);
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

class EnvReader {
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  optional(name: string): string | null {
    return this.raw(name) ?? null;
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
    }
    return Number(value);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    throw new ConfigError(`${name} must be true or false, got "${value}"`);
  }

  oneOf(name: string, fallback: string, allowed: string[]): string {
    const value = this.raw(name) ?? fallback;
    if (!allowed.includes(value)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return value;
  }

  trustProxy(name: string): false | number | string[] {
    const value = this.raw(name);
    if (value === undefined || value.toLowerCase() === 'false') return false;
    if (/^\d+$/.test(value)) {
      if (Number(value) > 100) throw new ConfigError(`${name} as a hop count must be from 0 to 100, got "${value}"`);
      return Number(value) === 0 ? false : Number(value);
    }
    // `true` would let any client choose its own address (and so its sign-in limit).
    if (value.toLowerCase() === 'true') {
      throw new ConfigError(
        `${name}=true trusts every hop: give the number of proxies in front (e.g. 1) or their addresses`,
      );
    }
    const entries = value.split(',').map((entry) => entry.trim());
    for (const entry of entries) {
      if (!isProxyAddress(entry)) {
        throw new ConfigError(
          `${name} must be false, a hop count, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; "${entry}" is none of these`,
        );
      }
    }
    return entries;
  }

  url(name: string, fallback: string, protocols: string[]): string {
    return this.checkUrl(name, this.raw(name) ?? fallback, protocols);
  }

  optionalUrl(name: string, protocols: string[]): string | null {
    const value = this.raw(name);
    return value === undefined ? null : this.checkUrl(name, value, protocols);
  }

  key32(name: string, fallback: string | null): Buffer {
    const value = this.raw(name) ?? fallback;
    if (value === null) throw new ConfigError(`${name} is required in production (32 bytes, base64)`);
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
      throw new ConfigError(`${name} must be 32 bytes encoded as base64`);
    }
    return key;
  }

  private checkUrl(name: string, value: string, protocols: string[]): string {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(`${name} must be a URL, got a value that does not parse`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}`);
    }
    return value;
  }
}
