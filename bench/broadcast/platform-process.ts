import { FakeTelegram } from '../../test/fakes';

/**
 * The benchmark's platform: the test suite's FakeTelegram in a process of its own, as the real platform
 * is on another machine. In the benchmark's own process (ts-node with its type checker loaded) garbage
 * collection and CPU sharing stalled the fake's event loop for up to ~40 ms, which shifts arrival times
 * and made the one-second windows it measures look denser than the sends were.
 * The parent drives it over IPC: `{ id, call, args }` → `{ id, result }`.
 */
export type PlatformCall =
  | { call: 'addBot'; args: { token: string; id: number } }
  | { call: 'queueStarts'; args: { token: string; userIds: number[] } }
  | { call: 'pending'; args: { token: string } }
  | { call: 'setLatency'; args: { ms: number } }
  | { call: 'setJitter'; args: { ms: number } }
  | { call: 'report'; args: { token: string; since: number } };

export interface PlatformReport {
  sends: number;
  maxSendsPerSecond: number;
  /** Gaps (ms) between the arrivals of the densest one-second window. */
  densestGaps: number[];
  /** The shortest time (ms) in which 31 sends arrived: 1000 or more means never 31 in one second. */
  tightest31: number | null;
  /** The same on the times the calls reached the fake before the jitter: how evenly Botlens sent. */
  tightest31Sent: number | null;
  chats: number;
  chatsWithOneMessage: number;
}

async function main(): Promise<void> {
  const telegram = await FakeTelegram.start();
  const handlers: Record<PlatformCall['call'], (args: never) => unknown> = {
    addBot: ({ token, id }: { token: string; id: number }) =>
      telegram.addBot({ token, id, username: `bench${id}_bot`, first_name: 'Bench' }),
    queueStarts: ({ token, userIds }: { token: string; userIds: number[] }) => {
      for (const id of userIds)
        telegram.message(token, { from: { id, first_name: `User ${id}` }, text: '/start bench' });
      return userIds.length;
    },
    pending: ({ token }: { token: string }) => telegram.pendingUpdates(token).length,
    setLatency: ({ ms }: { ms: number }) => (telegram.latencyMs = ms),
    setJitter: ({ ms }: { ms: number }) => (telegram.networkJitterMs = ms),
    report: ({ token, since }: { token: string; since: number }) => report(telegram, token, since),
  };
  process.on('message', (message: { id: number } & PlatformCall) => {
    const result = handlers[message.call](message.args as never);
    process.send?.({ id: message.id, result });
  });
  process.on('SIGTERM', () => void telegram.close().finally(() => process.exit(0)));
  process.send?.({ ready: telegram.url });
}

function report(telegram: FakeTelegram, token: string, since: number): PlatformReport {
  const perChat = new Map<number | string, number>();
  for (const message of telegram.sentMessages(token))
    perChat.set(message.chat.id, (perChat.get(message.chat.id) ?? 0) + 1);
  const times = telegram.sendTimestamps.filter((at) => at >= since).sort((a, b) => a - b);
  let best = [0, 0];
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= 1000) start++;
    if (end - start > best[1] - best[0]) best = [start, end];
  }
  return {
    sends: times.length,
    maxSendsPerSecond: telegram.maxSendsPerSecond(since),
    densestGaps: times.slice(best[0] + 1, best[1] + 1).map((at, i) => at - times[best[0] + i]),
    tightest31: tightest(times, 31),
    tightest31Sent: tightest(
      telegram.sendReceipts.filter((at) => at >= since).sort((a, b) => a - b),
      31,
    ),
    chats: perChat.size,
    chatsWithOneMessage: [...perChat.values()].filter((n) => n === 1).length,
  };
}

/** The shortest span (ms) of `count` consecutive times, sorted ascending; null when there are fewer. */
function tightest(times: number[], count: number): number | null {
  if (times.length < count) return null;
  let best = Infinity;
  for (let i = count - 1; i < times.length; i++) best = Math.min(best, times[i] - times[i - count + 1]);
  return Math.round(best * 10) / 10;
}

void main();
