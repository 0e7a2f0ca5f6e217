import { readFileSync } from 'node:fs';

// Linux reports process times in clock ticks; 100 per second on every mainstream kernel config.
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used so far by a process and its children's threads, read from
 * /proc. Under a shared, busy machine requests/s move with the neighbours' load; the CPU each
 * request costs the proxy does not, so the benchmark reports both.
 */
export function cpuSeconds(pid: number): number {
  let total = ownCpuSeconds(pid);
  for (const child of childrenOf(pid)) total += cpuSeconds(child);
  return total;
}

function ownCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
