import { EventEmitter2 } from '@nestjs/event-emitter';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseUnavailableError } from '../database/database-errors';
import type { CaptureBot } from './capture.service';
import type { FactBatchItem, FactStore, StoredFacts } from './fact-store';
import type { Fact } from './facts';
import type { IngestLosses } from './ingest-losses';
import { IngestBusyError, IngestWriter } from './ingest-writer';
import { IngestJournal } from './journal/ingest-journal';
import type { RecordingCap } from './recording-cap/recording-cap';

const bot: CaptureBot = { id: 'bot-1', userId: 'user-1', platform: 'telegram', utmKey: 'utm_source' };
const sent = (n: number): Fact[] => [
  {
    kind: 'message',
    direction: 'out',
    dedupeKey: `tg:sent:7:${n}`,
    externalUserId: '7',
    profile: null,
    text: `message ${n}`,
    platformMessageId: String(n),
    at: new Date(0),
    raw: null,
    phone: null,
    touch: null,
  },
];

/** A writer over a stand-in store that admits every fact (no free-plan cap). */
function writerOver(
  store: unknown,
  losses: unknown = { lost: jest.fn(), poison: jest.fn() },
  ingestBufferFacts = 1000,
  journal = IngestJournal.disabled(),
): IngestWriter {
  const allowance = { admit: async (batch: FactBatchItem[]) => batch };
  return new IngestWriter(
    store as FactStore,
    new EventEmitter2(),
    allowance as unknown as RecordingCap,
    losses as IngestLosses,
    journal,
    { ingestBufferFacts },
  );
}

describe('IngestWriter: facts nobody waits for share transactions', () => {
  let transactions: FactBatchItem[][];
  let writer: IngestWriter;

  beforeEach(() => {
    jest.useFakeTimers();
    transactions = [];
    const store = {
      store: async (batch: FactBatchItem[]): Promise<StoredFacts> => {
        transactions.push(batch);
        return { contacts: [], messages: [], presses: [], payments: [], refunds: [] };
      },
    };
    writer = writerOver(store);
  });
  afterEach(() => jest.useRealTimers());

  it('sends written one by one within 50 ms are committed in one transaction', async () => {
    const committed = [writer.writeSoon(bot, sent(1))];
    await jest.advanceTimersByTimeAsync(30);
    committed.push(writer.writeSoon(bot, sent(2)), writer.writeSoon(bot, sent(3)));
    expect(transactions).toHaveLength(0);

    await jest.advanceTimersByTimeAsync(21);
    await Promise.all(committed);
    expect(transactions.map((batch) => batch.length)).toEqual([1 + 2]);
  });

  it('facts whose caller waits for the commit are not held back', async () => {
    const committed = writer.write(bot, sent(1));
    await jest.advanceTimersByTimeAsync(0);
    await committed;
    expect(transactions).toHaveLength(1);
  });

  it('the drain before shutdown commits gathered facts at once', async () => {
    const committed = writer.writeSoon(bot, sent(1));
    const drained = writer.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all([committed, drained]);
    expect(transactions).toHaveLength(1);
  });
});

/** A fact store that fails like PostgreSQL does, as told. */
class FlakyStore {
  readonly stored: string[] = [];
  down = false;
  /** Dedupe keys whose batch PostgreSQL refuses (a NUL in a text, say). */
  readonly poison = new Set<string>();

  async store(batch: FactBatchItem[]): Promise<StoredFacts> {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const keys = batch.flatMap((item) => item.facts.map((f) => (f.kind === 'message' ? f.dedupeKey : f.kind)));
    if (keys.some((k) => this.poison.has(k)))
      throw Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    this.stored.push(...keys);
    return { contacts: [], messages: [], presses: [], payments: [], refunds: [] };
  }
}

describe('IngestWriter: faults', () => {
  let store: FlakyStore;
  let losses: { lost: jest.Mock; poison: jest.Mock };
  let writer: IngestWriter;
  const patient = { patient: true };

  beforeEach(() => {
    jest.useFakeTimers();
    store = new FlakyStore();
    losses = { lost: jest.fn(), poison: jest.fn() };
    writer = writerOver(store, losses, 3);
  });
  afterEach(() => jest.useRealTimers());

  it('holds the facts nobody waits for while PostgreSQL is down and writes them once it is back', async () => {
    store.down = true;
    const held = [writer.write(bot, sent(1), patient), writer.write(bot, sent(2), patient)];
    await jest.advanceTimersByTimeAsync(1000);
    expect(store.stored).toEqual([]);
    store.down = false;
    await jest.advanceTimersByTimeAsync(2000);
    await Promise.all(held);
    expect(store.stored).toEqual(['tg:sent:7:1', 'tg:sent:7:2']);
    expect(losses.lost).not.toHaveBeenCalled();
  });

  it('fails a caller that waits at once while PostgreSQL is down, so its sender delivers again', async () => {
    store.down = true;
    const first = expect(writer.write(bot, sent(1))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await jest.advanceTimersByTimeAsync(0);
    await first;
    await expect(writer.write(bot, sent(2))).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('drops and counts the oldest held facts past the buffer', async () => {
    store.down = true;
    const all = [writer.write(bot, sent(1), patient)];
    await jest.advanceTimersByTimeAsync(0);
    all.push(...[2, 3, 4, 5].map((n) => writer.write(bot, sent(n), patient)));
    await jest.advanceTimersByTimeAsync(100);
    store.down = false;
    await jest.advanceTimersByTimeAsync(3000);
    await Promise.all(all);
    expect(store.stored).toEqual(['tg:sent:7:3', 'tg:sent:7:4', 'tg:sent:7:5']);
    expect(losses.lost.mock.calls.map(([reason, facts]) => [reason, facts])).toEqual([
      ['database_unavailable', 1],
      ['database_unavailable', 1],
    ]);
  });

  it('when the buffer is full of facts being written, a new one from the mirror counts as overload', async () => {
    const slow = [1, 2, 3, 4].map((n) => writer.write(bot, sent(n), patient));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(slow);
    expect(store.stored).toEqual(['tg:sent:7:2', 'tg:sent:7:3', 'tg:sent:7:4']);
    expect(losses.lost).toHaveBeenCalledWith('overload', 1, expect.anything());
  });

  it('refuses a waiting caller when the buffer is full of facts that wait, without dropping them', async () => {
    const slow = [1, 2, 3].map((n) => writer.write(bot, sent(n)));
    await expect(writer.write(bot, sent(4))).rejects.toBeInstanceOf(IngestBusyError);
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(slow);
  });

  it('skips and counts an update PostgreSQL refuses; its neighbours in the batch are stored', async () => {
    store.poison.add('tg:sent:7:2');
    const all = [1, 2, 3].map((n) => writer.write(bot, sent(n)));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(all);
    expect(store.stored.sort()).toEqual(['tg:sent:7:1', 'tg:sent:7:3']);
    expect(losses.poison).toHaveBeenCalledTimes(1);
    expect(losses.poison.mock.calls[0][0]).toBe(1);
  });

  it('at shutdown, facts still held for PostgreSQL are counted instead of holding the exit', async () => {
    store.down = true;
    const held = writer.write(bot, sent(1), patient);
    await jest.advanceTimersByTimeAsync(0);
    await writer.beforeApplicationShutdown();
    await held;
    expect(losses.lost).toHaveBeenCalledWith('database_unavailable', 1, expect.anything());
  });
});

describe('IngestWriter with a journal: nothing the mirror hands over is lost while PostgreSQL is away', () => {
  let dir: string;
  let store: FlakyStore;
  let losses: { lost: jest.Mock; poison: jest.Mock };
  const patient = { patient: true };
  const journals: IngestJournal[] = [];
  const journalIn = (path: string, megabytes = 1) => {
    const journal = new IngestJournal({ ingestJournalDir: path, ingestJournalMb: megabytes });
    journal.onModuleInit();
    journals.push(journal);
    return journal;
  };

  beforeEach(() => {
    jest.useFakeTimers();
    dir = mkdtempSync(join(tmpdir(), 'botlens-writer-journal-'));
    store = new FlakyStore();
    losses = { lost: jest.fn(), poison: jest.fn() };
  });
  afterEach(() => {
    jest.useRealTimers();
    for (const journal of journals.splice(0)) journal.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('through an outage every held fact goes to disk, and all are recorded in their order once it is back', async () => {
    const journal = journalIn(dir);
    const writer = writerOver(store, losses, 3, journal);
    store.down = true;
    const first = writer.write(bot, sent(1), patient);
    await jest.advanceTimersByTimeAsync(0);
    const rest = [2, 3, 4, 5, 6].map((n) => writer.write(bot, sent(n), patient));
    await Promise.all([first, ...rest]);
    expect(store.stored).toEqual([]);
    expect(journal.bytes).toBeGreaterThan(0);
    store.down = false;
    await jest.advanceTimersByTimeAsync(5000);
    expect(store.stored).toEqual([1, 2, 3, 4, 5, 6].map((n) => `tg:sent:7:${n}`));
    expect(journal.bytes).toBe(0);
    expect(losses.lost).not.toHaveBeenCalled();
  });

  it('facts that come while the journal is replayed go behind it, so the order of recording is the order of traffic', async () => {
    const journal = journalIn(dir);
    const writer = writerOver(store, losses, 3, journal);
    store.down = true;
    const held = [1, 2].map((n) => writer.write(bot, sent(n), patient));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(held);
    store.down = false;
    const later = writer.writeSoon(bot, sent(3));
    await jest.advanceTimersByTimeAsync(5000);
    await later;
    expect(store.stored).toEqual(['tg:sent:7:1', 'tg:sent:7:2', 'tg:sent:7:3']);
  });

  it('a new start replays what a run that died in the outage left on disk', async () => {
    const crashed = journalIn(dir);
    const before = writerOver(store, losses, 3, crashed);
    store.down = true;
    const held = [1, 2].map((n) => before.write(bot, sent(n), patient));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(held);
    // What a crash leaves: the segments, and no process holding the directory.
    crashed.onApplicationShutdown();
    expect(readdirSync(dir).filter((name) => name.endsWith('.ndjson'))).toHaveLength(1);

    const restarted = new FlakyStore();
    const after = writerOver(restarted, losses, 3, journalIn(dir));
    after.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(100);
    expect(restarted.stored).toEqual(['tg:sent:7:1', 'tg:sent:7:2']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.ndjson'))).toEqual([]);
  });

  it("past the journal's size, facts are dropped and counted as journal_full", async () => {
    const journal = journalIn(dir, 1);
    const writer = writerOver(store, losses, 3, journal);
    const big = (n: number): Fact[] => [
      { ...(sent(n)[0] as Extract<Fact, { kind: 'message' }>), text: 'x'.repeat(600_000) },
    ];
    store.down = true;
    const held = [1, 2].map((n) => writer.write(bot, big(n), patient));
    await jest.advanceTimersByTimeAsync(0);
    await Promise.all(held);
    expect(losses.lost.mock.calls.map(([reason, facts]) => [reason, facts])).toEqual([['journal_full', 1]]);
  });
});

/** A fact store whose transactions end when the test says: `writing` are run by PostgreSQL, `committing` only wait. */
class GatedStore {
  readonly started: number[] = [];
  private readonly open: Array<{ done: () => void; committing?: () => void }> = [];
  /** Each store() call fails with these errors first, one per call, then succeeds. */
  readonly failures: Error[] = [];

  store(batch: FactBatchItem[], committing?: () => void): Promise<StoredFacts> {
    this.started.push(batch.reduce((sum, item) => sum + item.facts.length, 0));
    const failure = this.failures.shift();
    if (failure) return Promise.reject(failure);
    return new Promise((resolve) =>
      this.open.push({
        done: () => resolve({ contacts: [], messages: [], presses: [], payments: [], refunds: [] }),
        committing,
      }),
    );
  }

  /** The oldest open transaction has been run but for its COMMIT. */
  written(): void {
    const oldest = this.open.find((t) => t.committing);
    const committing = oldest?.committing;
    if (oldest) oldest.committing = undefined;
    committing?.();
  }

  commitAll(): void {
    for (const t of this.open.splice(0)) t.done();
  }
}

describe('IngestWriter: transactions at once', () => {
  let store: GatedStore;
  let writer: IngestWriter;

  beforeEach(() => {
    jest.useFakeTimers();
    store = new GatedStore();
    writer = writerOver(store);
  });
  afterEach(() => jest.useRealTimers());

  const writeMany = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => writer.write(bot, sent(from + i)));

  it('a few facts wait for the running transaction; eight or more are written beside it', async () => {
    const all = writeMany(0, 1);
    await jest.advanceTimersByTimeAsync(0);
    all.push(...writeMany(100, 7));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.started).toEqual([1]);

    all.push(...writeMany(200, 1));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.started).toEqual([1, 8]);

    store.commitAll();
    await jest.advanceTimersByTimeAsync(0);
    store.commitAll();
    await Promise.all(all);
  });

  it('never more than two transactions are run by PostgreSQL, nor three in flight', async () => {
    const all = writeMany(0, 8);
    await jest.advanceTimersByTimeAsync(0);
    all.push(...writeMany(100, 8));
    await jest.advanceTimersByTimeAsync(0);
    all.push(...writeMany(200, 8));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.started).toEqual([8, 8]);

    store.written();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.started).toEqual([8, 8, 8]);
    all.push(...writeMany(300, 8));
    store.written();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.started).toEqual([8, 8, 8]);

    store.commitAll();
    await jest.advanceTimersByTimeAsync(0);
    store.commitAll();
    await jest.advanceTimersByTimeAsync(0);
    store.commitAll();
    await Promise.all(all);
    expect(store.started).toEqual([8, 8, 8, 8]);
  });

  it('a transaction PostgreSQL ended to break a deadlock runs once more, whole', async () => {
    store.failures.push(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    const all = writeMany(0, 3);
    await jest.advanceTimersByTimeAsync(0);
    store.commitAll();
    await Promise.all(all);
    expect(store.started).toEqual([3, 3]);
  });
});
