import type { LoadFigures } from './load-generator';

/** One measurement window of one target. */
export interface Figures extends LoadFigures {
  target: string;
  connections: number;
  round: number;
  /** CPU time the target process (the platform itself for `direct`) spent per answered request. */
  cpuMicros: number;
  /** For the mirror: CPU time PostgreSQL's backends of the app spent per request, recording facts. */
  dbCpuMicros: number | null;
  /** For the mirror: CPU time of the Redis server per request (shared: includes any other use meanwhile). */
  redisCpuMicros: number | null;
}

/**
 * Prints each target's median over the rounds, then the targets. Ratios are taken within a round
 * (mirror and nginx measured a few seconds apart, under the same neighbours) and their median is
 * what passes or misses: on a shared machine a quiet window for one target and a busy one for the
 * other would otherwise decide the result.
 */
export function printReport(figures: Figures[]): void {
  const rounds = Math.max(...figures.map((f) => f.round)) + 1;
  console.log(`\nMedians of ${rounds} round(s)`);
  console.log('Target   Conns   Requests/s    p50 ms    p99 ms   Failed   CPU µs/request (+ PostgreSQL, + Redis)');
  const groups = new Map<string, Figures[]>();
  for (const f of figures)
    groups.set(`${f.connections}\u0000${f.target}`, [...(groups.get(`${f.connections}\u0000${f.target}`) ?? []), f]);
  for (const group of groups.values()) {
    const { target, connections } = group[0];
    const db = group[0].dbCpuMicros === null ? '' : ` + ${median(group.map((f) => f.dbCpuMicros ?? 0)).toFixed(0)}`;
    const redis =
      group[0].redisCpuMicros === null ? '' : ` + ${median(group.map((f) => f.redisCpuMicros ?? 0)).toFixed(0)}`;
    console.log(
      `${target.padEnd(8)} ${String(connections).padStart(5)} ${median(group.map((f) => f.rps))
        .toFixed(0)
        .padStart(12)} ` +
        `${median(group.map((f) => f.p50))
          .toFixed(3)
          .padStart(9)} ${median(group.map((f) => f.p99))
          .toFixed(3)
          .padStart(9)} ` +
        `${String(group.reduce((n, f) => n + f.failed, 0)).padStart(8)} ${median(group.map((f) => f.cpuMicros))
          .toFixed(0)
          .padStart(16)}${db}${redis}`,
    );
  }

  const perRound = (
    connections: number,
    value: (of: (target: string) => Figures | undefined) => number | null,
  ): number[] => {
    const values: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const of = (target: string) =>
        figures.find((f) => f.round === round && f.connections === connections && f.target === target);
      const value_ = value(of);
      if (value_ !== null) values.push(value_);
    }
    return values;
  };
  const ratios = perRound(32, (of) => (of('mirror') && of('nginx') ? of('mirror')!.rps / of('nginx')!.rps : null));
  // Issue 29 judges the mirror against the bare Node proxy, the ceiling of any mirror in Node: its rate and its CPU.
  const nodeRatios = perRound(32, (of) =>
    of('mirror') && of('undici') ? of('mirror')!.rps / of('undici')!.rps : null,
  );
  const cpuRatios = perRound(32, (of) =>
    of('mirror') && of('undici') ? of('mirror')!.cpuMicros / of('undici')!.cpuMicros : null,
  );
  const added = perRound(1, (of) => (of('mirror') && of('direct') ? of('mirror')!.p50 - of('direct')!.p50 : null));
  const nginxAdded = perRound(1, (of) => (of('nginx') && of('direct') ? of('nginx')!.p50 - of('direct')!.p50 : null));
  if (ratios.length) {
    const ratio = median(ratios);
    const each = ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ');
    console.log(
      `\nmirror / nginx requests/s at 32 connections: ${(ratio * 100).toFixed(1)}% (issue 17 asked ≥ 60%); rounds: ${each}`,
    );
  }
  if (nodeRatios.length) {
    const ratio = median(nodeRatios);
    const each = nodeRatios.map((r) => r.toFixed(2)).join(', ');
    console.log(
      `mirror / bare Node proxy requests/s at 32 connections: ${ratio.toFixed(2)} (target ≥ 0.65) ${ratio >= 0.65 ? 'PASS' : 'MISS'}; rounds: ${each}`,
    );
  }
  if (cpuRatios.length) {
    const ratio = median(cpuRatios);
    const each = cpuRatios.map((r) => r.toFixed(2)).join(', ');
    console.log(
      `mirror app CPU per recorded send / bare Node proxy CPU per request: ${ratio.toFixed(2)} (target ≤ 1.3) ${ratio <= 1.3 ? 'PASS' : 'MISS'}; rounds: ${each}`,
    );
  }
  if (added.length) {
    const ms = median(added);
    const each = added.map((a) => a.toFixed(3)).join(', ');
    const nginx = nginxAdded.length ? `; nginx adds ${median(nginxAdded).toFixed(3)} ms` : '';
    console.log(
      `mirror's added p50 at 1 connection: ${ms.toFixed(3)} ms (target ≤ 0.2 ms) ${ms <= 0.2 ? 'PASS' : 'MISS'}; rounds: ${each}${nginx}`,
    );
  }
}

/** Rotates the list by `by` places, so no target always runs right after the same other one. */
export function rotate<T>(items: T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
