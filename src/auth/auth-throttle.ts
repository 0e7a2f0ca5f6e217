import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Messages } from '../common/messages';
import { ConnectionWatch } from '../metrics/connection-watch';
import { redisConnectionOptions } from '../queue/redis';

const MINUTE = 60_000;

// One budget for the whole sign-in family, not one per route (the default key includes the handler).
const familyKey = (_context: unknown, tracker: string, throttler: string) => `auth:${throttler}:${tracker}`;

function emailOf(request: Record<string, unknown>): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `email:${email}`;
}

/**
 * Rate limits for the sign-in family (login, register, confirm, resend): per client address and
 * per email address, counted in Redis so every instance shares them.
 */
export const AuthThrottleModule = ThrottlerModule.forRootAsync({
  inject: [APP_CONFIG, ConnectionWatch],
  useFactory: (config: AppConfig, watch: ConnectionWatch) => ({
    errorMessage: Messages.tooManyRequests,
    throttlers: [
      { name: 'per-ip', ttl: MINUTE, limit: config.authRateLimitPerIp, generateKey: familyKey },
      {
        name: 'per-email',
        ttl: MINUTE,
        limit: config.authRateLimitPerEmail,
        getTracker: emailOf,
        generateKey: familyKey,
      },
    ],
    storage: throttleStorage(config, watch),
  }),
});

/** Counts in Redis; a count that cannot be taken (Redis down) fails after 2 reconnect attempts instead of hanging. */
function throttleStorage(config: AppConfig, watch: ConnectionWatch): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService({
    ...redisConnectionOptions(config.redisUrl),
    keyPrefix: `${config.redisKeyPrefix}:throttle:`,
    maxRetriesPerRequest: 2,
  });
  watch.redis(storage.redis, 'Redis (rate limits)');
  return storage;
}
