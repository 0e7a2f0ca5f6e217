import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';

/** CPU seconds (user + system) a Linux process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds every process of the machine has used (all cores), from /proc/stat. */
function machineBusySeconds(): number {
  // cpu  user nice system idle iowait irq softirq steal …, in clock ticks.
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

export interface CpuReading {
  at: number;
  machine: number;
  /** The benchmark's own load generator and receivers. */
  tools: number;
  app: number;
  /** Per backend (with its application_name), so a backend that starts or ends between two readings is not miscounted. */
  postgres: Map<number, { name: string; seconds: number }>;
  redis: number;
}

/**
 * Reads the CPU used by the app process, by the PostgreSQL backends serving the bench database and by
 * Redis, so a benchmark can say where each message's cost went. Redis is shared by the whole machine,
 * so its figure includes whatever else used it meanwhile.
 */
export class CpuMeter {
  private constructor(
    private readonly appPid: number,
    private readonly toolPids: number[],
    private readonly databaseUrl: string,
    private readonly redisPid: number,
  ) {}

  static async start(appPid: number, toolPids: number[], databaseUrl: string, redisUrl: string): Promise<CpuMeter> {
    const redis = new Redis(redisUrl);
    const info = await redis.info('server');
    await redis.quit();
    return new CpuMeter(appPid, toolPids, databaseUrl, Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0));
  }

  async read(): Promise<CpuReading> {
    const db = new Client({ connectionString: this.databaseUrl });
    await db.connect();
    try {
      // Background workers (autovacuum) are named by their type, so a figure can leave their bursts out.
      const { rows } = await db.query<{ pid: number; name: string }>(
        `SELECT pid, CASE WHEN backend_type = 'client backend' THEN application_name ELSE backend_type END AS name
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const postgres = new Map(
        rows.map((row) => [row.pid, { name: row.name || 'other', seconds: cpuSeconds(row.pid) }]),
      );
      return {
        at: performance.now() / 1000,
        machine: machineBusySeconds(),
        tools:
          this.toolPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) +
          process.cpuUsage().user / 1e6 +
          process.cpuUsage().system / 1e6,
        app: cpuSeconds(this.appPid),
        postgres,
        redis: cpuSeconds(this.redisPid),
      };
    } finally {
      await db.end();
    }
  }
}

/** "app 412 µs, PostgreSQL 230 µs (botlens-ingest 180 µs), Redis 61 µs": CPU per item between two readings. */
export function cpuPerItem(before: CpuReading, after: CpuReading, items: number): string {
  const byName = new Map<string, number>();
  for (const [pid, { name, seconds }] of after.postgres)
    byName.set(name, (byName.get(name) ?? 0) + seconds - (before.postgres.get(pid)?.seconds ?? 0));
  const per = (seconds: number) => `${Math.round((seconds / items) * 1e6)} µs`;
  const postgres = [...byName.values()].reduce((sum, seconds) => sum + seconds, 0);
  const split = [...byName].map(([name, seconds]) => `${name} ${per(seconds)}`).join(', ');
  return `app ${per(after.app - before.app)}, PostgreSQL ${per(postgres)} (${split}), Redis ${per(after.redis - before.redis)}`;
}

/**
 * "machine busy 171% of 200%: app 62%, PostgreSQL 70%, Redis 1%, load tools 21%, everything else 17%".
 * Everything else is other work on the machine (it shares its two cores with other jobs): a run with
 * much of it is not comparable with a quiet one.
 */
export function machineLoad(before: CpuReading, after: CpuReading): string {
  const seconds = after.at - before.at;
  const pct = (cpu: number) => `${Math.round((cpu / seconds) * 100)}%`;
  const postgres = [...after.postgres].reduce(
    (sum, [pid, { seconds: s }]) => sum + s - (before.postgres.get(pid)?.seconds ?? 0),
    0,
  );
  const parts = {
    app: after.app - before.app,
    postgres,
    redis: after.redis - before.redis,
    tools: after.tools - before.tools,
  };
  const machine = after.machine - before.machine;
  const rest = machine - parts.app - parts.postgres - parts.redis - parts.tools;
  return `machine busy ${pct(machine)} of 200%: app ${pct(parts.app)}, PostgreSQL ${pct(parts.postgres)}, Redis ${pct(parts.redis)}, load tools ${pct(parts.tools)}, everything else ${pct(rest)}`;
}
