import { BullModule } from '@nestjs/bullmq';
import { loadConfig } from '../../src/config/config';
import { createApp } from '../../src/create-app';
import { FakeMax, FakeTelegram, SmtpCatcher } from '../fakes';
import { deleteRedisKeys, dropDatabase } from './support/stores';
import { testEnv } from './support/test-app';

describe('Jobs are declared once and checked at boot', () => {
  it('refuses to start when a registered queue has no handler, naming the queue', async () => {
    const [telegram, max, smtp] = await Promise.all([FakeTelegram.start(), FakeMax.start(), SmtpCatcher.start()]);
    const config = loadConfig(testEnv({ telegram, max, smtp }));
    const app = await createApp(config, { extraModules: [BullModule.registerQueue({ name: 'orphan-jobs' })] });
    try {
      await expect(app.listen(0, '127.0.0.1')).rejects.toThrow(
        new Error('Cannot start: queue "orphan-jobs" has no job handler'),
      );
    } finally {
      await app.close().catch(() => undefined);
      await Promise.all([telegram.close(), max.close(), smtp.close()]);
      await dropDatabase(config.databaseUrl);
      await deleteRedisKeys(config.redisUrl, config.redisKeyPrefix);
    }
  });
});
