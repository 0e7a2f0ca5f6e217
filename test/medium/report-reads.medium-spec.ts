import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { loadConfig } from '../../src/config/config';
import { ReportReads } from '../../src/database/report-reads';
import { ConnectionWatch } from '../../src/metrics/connection-watch';
import { Metrics } from '../../src/metrics/metrics';
import { freePort } from '../e2e/support/ports';
import { useFreshDatabase } from './support/database';

/**
 * ReportReads on the real server: the test database stands in for the replica (a server that is no standby has no
 * lag), told apart by the replica pool's read-only sessions. The streaming replica itself, its lag and its stop
 * under traffic are test/e2e/replica.e2e-spec.ts.
 */
describe('ReportReads', () => {
  const db = useFreshDatabase({ perDescribe: true });
  const started: ReportReads[] = [];
  const warnings: string[] = [];

  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await Promise.all(started.map((reads) => reads.onApplicationShutdown()));
  });

  const start = async (replicaUrl: string | null) => {
    // Only the check at start: no later one moves the reads while a test looks.
    const env: Record<string, string> = {
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      METRICS_PORT: '0',
      REPLICA_LAG_CHECK_MS: '60000',
    };
    if (replicaUrl) env.DATABASE_REPLICA_URL = replicaUrl;
    const config = loadConfig(env);
    const metrics = new Metrics(config);
    const reads = new ReportReads(db.dataSource, config, metrics, new ConnectionWatch(metrics));
    started.push(reads);
    await reads.onApplicationBootstrap();
    const counted = async (target: string) =>
      (await metrics.reportReads.get()).values.find((v) => v.labels.target === target)?.value ?? 0;
    return { reads, counted };
  };
  /** 'replica' on the replica pool's read-only sessions, 'primary' on the DataSource's. */
  const WHERE = `SELECT CASE current_setting('default_transaction_read_only') WHEN 'on' THEN 'replica' ELSE 'primary' END AS at`;
  const where = async (reads: ReportReads) => (await reads.query<Array<{ at: string }>>(WHERE))[0].at;

  it('without DATABASE_REPLICA_URL every read is on the primary', async () => {
    const { reads, counted } = await start(null);
    expect(await where(reads)).toBe('primary');
    expect(await reads.withPool(async (pool) => (await pool.query(WHERE)).rows[0].at)).toBe('primary');
    expect(await counted('primary')).toBe(2);
    expect(await counted('replica')).toBe(0);
  });

  it('with a replica that answers, reads and CSV pools are on it; a refused statement is refused, not retried', async () => {
    const { reads, counted } = await start(db.url);
    expect(await where(reads)).toBe('replica');
    expect(await reads.withPool(async (pool) => (await pool.query(WHERE)).rows[0].at)).toBe('replica');
    const refused = reads.query('SELECT 1 / $1::int', [0]);
    await expect(refused).rejects.toBeInstanceOf(QueryFailedError);
    await expect(refused).rejects.toMatchObject({ driverError: { code: '22012' } });
    expect(await counted('replica')).toBe(3);
    expect(await counted('primary')).toBe(0);
  });

  it('a read the replica loses mid-statement is answered by the primary, and reads stay there, with one log line', async () => {
    const { reads, counted } = await start(db.url);
    warnings.length = 0;
    // The replica's session ends itself (as at a replica's fast shutdown: 57P01); the primary's answers.
    const dies = `SELECT CASE current_setting('default_transaction_read_only')
      WHEN 'on' THEN pg_terminate_backend(pg_backend_pid())::text ELSE 'primary' END AS at`;
    expect(await reads.query(dies)).toEqual([{ at: 'primary' }]);
    expect(await where(reads)).toBe('primary');
    expect(await counted('replica')).toBe(1);
    expect(await counted('primary')).toBe(2);
    expect(warnings).toEqual([expect.stringMatching(/^Report reads go to the primary: the replica failed a read: /)]);
  });

  it('a replica that cannot be reached at start leaves the reads on the primary', async () => {
    const { reads, counted } = await start(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`);
    expect(await where(reads)).toBe('primary');
    expect(await counted('replica')).toBe(0);
  });
});
