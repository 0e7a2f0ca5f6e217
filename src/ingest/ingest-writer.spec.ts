import { EventEmitter2 } from '@nestjs/event-emitter';
import type { RecordingAllowance } from '../billing/recording-allowance';
import type { CaptureBot } from './capture.service';
import type { FactBatchItem, FactStore, StoredFacts } from './fact-store';
import type { Fact } from './facts';
import { IngestWriter } from './ingest-writer';

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

describe('IngestWriter: facts nobody waits for share transactions', () => {
  let transactions: FactBatchItem[][];
  let writer: IngestWriter;

  beforeEach(() => {
    jest.useFakeTimers();
    transactions = [];
    const store = {
      store: async (batch: FactBatchItem[]): Promise<StoredFacts> => {
        transactions.push(batch);
        return { contacts: [], messages: [] };
      },
    };
    const allowance = { admit: async (batch: FactBatchItem[]) => batch };
    writer = new IngestWriter(store as unknown as FactStore, new EventEmitter2(), allowance as unknown as RecordingAllowance);
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
