/**
 * The load generator in a process of its own (so the orchestrating process, which runs under
 * ts-node, cannot slow it down). Each IPC message `LoadRequest` runs one autocannon load and
 * answers `LoadFigures`; latency percentiles come from every response, since autocannon's own
 * histogram keeps whole milliseconds only.
 */
export interface LoadRequest {
  url: string;
  connections: number;
  seconds: number;
  /** POSTed as JSON; without one, GET. */
  body?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** The status a request must get to count (and to be timed); 200 unless given (a redirect's 302). */
  status?: number;
}

export interface LoadFigures {
  /** Requests answered with the expected status. */
  ok: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;
// autocannon ships no types; this is the slice of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

export async function runLoad(request: LoadRequest): Promise<LoadFigures> {
  const { url, connections, seconds, body, headers = {}, status: expected = 200 } = request;
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    ...(body === undefined
      ? { method: 'GET', headers }
      : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === expected) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const total = result['2xx'] + result.non2xx;
  return {
    ok: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failed: total - latencies.length + result.errors + result.timeouts,
  };
}

if (require.main === module) {
  process.on('message', (request: LoadRequest) => {
    void runLoad(request).then((figures) => process.send?.(figures));
  });
  process.send?.({ port: 0 });
}
