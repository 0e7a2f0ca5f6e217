import { ConfigError, generateEncryptionKey, loadConfig } from './config';

describe('loadConfig', () => {
  it('falls back to the contract defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/botlens');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.telegramApiUrl).toBe('https://api.telegram.org');
    expect(config.maxApiUrl).toBe('https://platform-api2.max.ru');
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeNull();
    expect(config.allowPrivateWebhookTargets).toBe(false);
    expect(config.tokenEncryptionKey).toHaveLength(32);
    expect(config.mirrorPlatformTimeoutMs).toBe(30_000);
    expect(config.healthCheckIntervalMs).toBe(30_000);
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(config.shutdownGraceMs).toBe(30_000);
    expect(config.shutdownDelayMs).toBe(0);
    expect(config.migrateOnStart).toBe(true);
    expect(config.broadcastRecoveryIntervalMs).toBe(30_000);
    expect(config.rawRetentionDays).toBe(30);
    expect(config.processRole).toBe('all');
    expect(config.passwordHashing).toEqual({ memoryKib: 65_536, passes: 3, lanes: 4 });
  });

  it('builds the public base URL from PORT and strips trailing slashes', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://botlens.example/' }).publicBaseUrl).toBe('https://botlens.example');
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres:/],
    [{ REDIS_URL: 'not a url' }, /^REDIS_URL must be a URL/],
    [{ TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' }, /^TOKEN_ENCRYPTION_KEY must be 32 bytes/],
    [{ NODE_ENV: 'production' }, /^TOKEN_ENCRYPTION_KEY is required in production/],
    [{ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'yes' }, /^ALLOW_PRIVATE_WEBHOOK_TARGETS must be true or false/],
    [{ ADMIN_EMAIL: 'a@b.c' }, /^ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: '123' }, /^ADMIN_PASSWORD must be at least 6/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL must start with smtp:/],
    [{ MIRROR_PLATFORM_TIMEOUT_MS: '30s' }, /^MIRROR_PLATFORM_TIMEOUT_MS must be an integer from 100 to 600000/],
    [{ HEALTH_CHECK_INTERVAL_MS: '50' }, /^HEALTH_CHECK_INTERVAL_MS must be an integer from 100 to 3600000/],
    [{ METRICS_PORT: '70000' }, /^METRICS_PORT must be an integer from 0 to 65535/],
    [{ RAW_RETENTION_DAYS: '-1' }, /^RAW_RETENTION_DAYS must be an integer from 0 to 3650, got "-1"$/],
    [{ PROCESS_ROLE: 'web' }, /^PROCESS_ROLE must be one of all, api, worker, got "web"$/],
    [{ SHUTDOWN_GRACE_MS: '-1' }, /^SHUTDOWN_GRACE_MS must be an integer from 0 to 3600000/],
    [{ MIGRATE_ON_START: 'later' }, /^MIGRATE_ON_START must be true or false/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true trusts every hop/],
    [{ TRUST_PROXY: '101' }, /^TRUST_PROXY as a hop count must be from 0 to 100, got "101"/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY must be false, a hop count, .*"10\.0\.0\.0\/33" is none of these/],
    [{ TRUST_PROXY: 'loopback, nginx' }, /^TRUST_PROXY must be false, .*"nginx" is none of these/],
    [{ PASSWORD_HASH_MEMORY_KIB: '32' }, /^PASSWORD_HASH_MEMORY_KIB must be an integer from 64 to 4194304/],
    [
      { PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_LANES: '16' },
      /^PASSWORD_HASH_MEMORY_KIB must be at least 8 per lane \(128 for 16 lanes\)$/,
    ],
    [
      { NODE_ENV: 'production', TOKEN_ENCRYPTION_KEY: generateEncryptionKey(), PASSWORD_HASH_MEMORY_KIB: '1024' },
      /^PASSWORD_HASH_MEMORY_KIB must be at least 19456 and PASSWORD_HASH_PASSES at least 2 in production$/,
    ],
    [
      { NODE_ENV: 'production', TOKEN_ENCRYPTION_KEY: generateEncryptionKey(), PASSWORD_HASH_PASSES: '1' },
      /^PASSWORD_HASH_MEMORY_KIB must be at least 19456 and PASSWORD_HASH_PASSES at least 2 in production$/,
    ],
  ])('refuses %j with a line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.7,fd00::/8 ,uniquelocal', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'uniquelocal']],
  ])('reads TRUST_PROXY=%j as Express takes it', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('accepts a generated encryption key in production', () => {
    const key = generateEncryptionKey();
    const config = loadConfig({ NODE_ENV: 'production', TOKEN_ENCRYPTION_KEY: key });
    expect(config.tokenEncryptionKey.toString('base64')).toBe(key);
  });
});
