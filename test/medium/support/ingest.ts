import { EventEmitter2 } from '@nestjs/event-emitter';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { TariffsRepository } from '../../../src/billing/tariffs.repository';
import { TariffsService } from '../../../src/billing/tariffs.service';
import { UsageMonthsRepository } from '../../../src/billing/usage-months.repository';
import { UsersRepository } from '../../../src/auth/users.repository';
import { TeamsRepository } from '../../../src/auth/teams.repository';
import { RecordingCap } from '../../../src/ingest/recording-cap/recording-cap';
import type { TariffChanged } from '../../../src/common/changes';
import { AppConfig, loadConfig } from '../../../src/config/config';
import { FactFollowers } from '../../../src/ingest/fact-followers';
import { FactStore } from '../../../src/ingest/fact-store';
import { IngestLosses } from '../../../src/ingest/ingest-losses';
import { IngestWriter } from '../../../src/ingest/ingest-writer';
import { IngestJournal } from '../../../src/ingest/journal/ingest-journal';
import { MAIL_QUEUE, MailJob } from '../../../src/mail/mail.constants';
import { MailService } from '../../../src/mail/mail.service';
import { ConnectionWatch } from '../../../src/metrics/connection-watch';
import { Metrics } from '../../../src/metrics/metrics';
import { deleteRedisKeys } from '../../e2e/support/stores';
import type { CaptureBot } from '../../../src/ingest/capture.service';
import type { Fact } from '../../../src/ingest/facts';
import type { TestDatabase } from './database';
import { newAccount, newBot } from './factories';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** The ingest as the app wires it (writer, fact store, recording cap, mail queue), on the test's database; closed after the test. */
export interface IngestPipeline {
  config: AppConfig;
  writer: IngestWriter;
  allowance: RecordingCap;
  tariffs: TariffsService;
  /** Every event the writer emitted, in order: [name, payload]. */
  events: Array<[string, unknown]>;
  /** The mails queued so far. */
  mails(): Promise<MailJob[]>;
}

export function ingestPipeline(db: TestDatabase, env: Record<string, string> = {}): IngestPipeline {
  const prefix = `botlens_medium_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    METRICS_PORT: '0',
    ...env,
  });
  const metrics = new Metrics(config);
  const queue = new Queue<MailJob>(MAIL_QUEUE, {
    connection: { host: '127.0.0.1', port: 6379 },
    prefix: `${prefix}:bull`,
  });
  const bus = new EventEmitter2();
  const tariffRows = new TariffsRepository(db.dataSource);
  const usage = new UsageMonthsRepository(db.dataSource);
  const tariffs = new TariffsService(
    db.dataSource,
    tariffRows,
    usage,
    new UsersRepository(db.dataSource),
    new TeamsRepository(db.dataSource),
    config,
    bus,
  );
  const allowance = new RecordingCap(tariffRows, usage, new MailService(queue), config);
  // The app hears tariff changes on its bus; so does this pipeline.
  bus.on('tariff.changed', (change: TariffChanged) => allowance.onTariffChanged(change));
  const store = new FactStore(config, allowance, new ConnectionWatch(metrics), metrics, new FactFollowers());
  const events: Array<[string, unknown]> = [];
  bus.onAny((name, payload) => events.push([String(name), payload]));
  const writer = new IngestWriter(store, bus, allowance, new IngestLosses(metrics), IngestJournal.disabled(), config);
  db.closeBeforeDrop(async () => {
    await writer.beforeApplicationShutdown();
    await store.onApplicationShutdown();
    await queue.close();
    await deleteRedisKeys(REDIS_URL, prefix);
  });
  return {
    config,
    writer,
    allowance,
    tariffs,
    events,
    async mails() {
      return (await queue.getJobs(['waiting', 'delayed'])).map((job) => job.data);
    },
  };
}

/** A new bot of a new account, and `write(facts)` storing its facts through a pipeline of its own. */
export async function ingestedBot(
  db: TestDatabase,
): Promise<{ bot: CaptureBot; write: (facts: Fact[]) => Promise<void> }> {
  const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
  const ingest = ingestPipeline(db);
  return { bot, write: (facts) => ingest.writer.write(bot, facts) };
}
