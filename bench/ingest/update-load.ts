/**
 * The ingest benchmark's load generator, in a process of its own so the orchestrator (under ts-node)
 * cannot slow it. One IPC message `UpdateLoad` posts `total` Telegram updates from `users` users to
 * the proxy receiver over `connections` keep-alive connections, each update exactly once, and
 * answers `UpdateLoadFigures`.
 */
export interface UpdateLoad {
  url: string;
  connections: number;
  total: number;
  users: number;
}

export interface UpdateLoadFigures {
  /** Requests built (each a distinct update unless autocannon asked for more than `total`). */
  sent: number;
  seconds: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
interface AutocannonRequest {
  method: string;
  headers: Record<string, string>;
  setupRequest: (request: Record<string, unknown>) => Record<string, unknown>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;
// autocannon ships no types; this is the slice of its programmatic API used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

const FIRST_USER_ID = 5_000_000;
const SOURCES = ['ads', 'blog', 'partner', 'vk', 'yandex'];

/** Update n (0-based): user n % users; each user's first message is a /start with a source. */
export function telegramUpdate(n: number, users: number, epochSeconds: number): string {
  const userId = FIRST_USER_ID + (n % users);
  const text = n < users ? `/start ${SOURCES[n % SOURCES.length]}` : `message ${n}`;
  return JSON.stringify({
    update_id: n + 1,
    message: {
      message_id: Math.floor(n / users) + 1,
      from: { id: userId, is_bot: false, first_name: `User${n % users}`, language_code: 'ru' },
      chat: { id: userId, type: 'private', first_name: `User${n % users}` },
      date: epochSeconds + Math.floor(n / 100),
      text,
      ...(text.startsWith('/start') ? { entities: [{ type: 'bot_command', offset: 0, length: 6 }] } : {}),
    },
  });
}

export async function runUpdateLoad({ url, connections, total, users }: UpdateLoad): Promise<UpdateLoadFigures> {
  const epoch = Math.floor(Date.now() / 1000) - 3600;
  const bodies = Array.from({ length: total }, (_, n) => telegramUpdate(n, users, epoch));
  let next = 0;
  const latencies: number[] = [];
  const request: AutocannonRequest = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: bodies[next++ % total] }),
  };
  const started = process.hrtime.bigint();
  // The run ends with its last answer: autocannon settles only on its next one-second tick, which
  // added 0–1 s of idle time to every run (rates came out in steps of whole seconds).
  let lastAnswer = started;
  const instance = autocannon({ url, connections, amount: total, requests: [request], timeout: 30 });
  instance.on('response', (_client, status, _bytes, ms) => {
    lastAnswer = process.hrtime.bigint();
    if (status === 200) latencies.push(ms);
  });
  const result = await instance;
  const seconds = Number(lastAnswer - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    sent: next,
    seconds,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    p50: at(0.5),
    p99: at(0.99),
  };
}

if (require.main === module) {
  process.on('message', (load: UpdateLoad) => {
    void runUpdateLoad(load).then((figures) => process.send?.(figures));
  });
  process.send?.({ ready: true });
}
