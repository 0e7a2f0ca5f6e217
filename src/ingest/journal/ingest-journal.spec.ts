import { appendFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fact } from '../facts';
import { IngestJournal, JournalEntry } from './ingest-journal';

const bot = { id: 'bot-1', userId: 'user-1', platform: 'telegram' as const, utmKey: 'utm_source' };
const payment = (chargeId: string): Fact => ({
  kind: 'payment',
  externalUserId: '7',
  profile: null,
  amount: 100,
  currency: 'XTR',
  chargeId,
  providerChargeId: null,
  payload: null,
  recurring: true,
  firstRecurring: true,
  subscriptionExpiresAt: new Date('2026-12-28T00:00:00.000Z'),
  at: new Date('2026-11-28T10:00:00.000Z'),
  origin: 'platform',
});

describe('IngestJournal', () => {
  let dir: string;
  const opened: IngestJournal[] = [];
  const open = (megabytes = 1) => {
    const journal = new IngestJournal({ ingestJournalDir: dir, ingestJournalMb: megabytes });
    journal.onModuleInit();
    opened.push(journal);
    return journal;
  };

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'botlens-journal-'))));
  afterEach(() => {
    for (const journal of opened.splice(0)) journal.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives entries back in the order written, with the facts’ dates as dates and their raw copies untouched', () => {
    const journal = open();
    const message: Fact = {
      kind: 'message',
      direction: 'in',
      dedupeKey: 'tg:1:1',
      externalUserId: '7',
      profile: null,
      text: 'hi',
      platformMessageId: '1',
      at: new Date('2026-11-28T09:00:00.000Z'),
      raw: { at: '2026-01-01T00:00:00.000Z' },
      phone: null,
      touch: null,
    };
    expect(journal.append([{ bot, facts: [message] }])).toBe(true);
    expect(
      journal.append([
        { bot, facts: [payment('c-1')] },
        { bot, facts: [payment('c-2')] },
      ]),
    ).toBe(true);
    const segment = journal.takeOldest();
    expect(segment?.entries).toEqual<JournalEntry[]>([
      { bot, facts: [message] },
      { bot, facts: [payment('c-1')] },
      { bot, facts: [payment('c-2')] },
    ]);
    expect((segment?.entries[0].facts[0] as { raw: unknown }).raw).toEqual({ at: '2026-01-01T00:00:00.000Z' });
    journal.release(segment!);
    expect(journal.holding).toBe(false);
    expect(journal.takeOldest()).toBeNull();
  });

  it('refuses an append past its size and takes it once room is made', () => {
    const journal = open(1);
    const big = { bot, facts: [{ ...payment('c-1'), payload: 'x'.repeat(700_000) }] };
    expect(journal.append([big])).toBe(true);
    expect(journal.append([big])).toBe(false);
    journal.release(journal.takeOldest()!);
    expect(journal.append([big])).toBe(true);
  });

  it('a line cut short by a crash is left out; the lines before it are replayed', () => {
    const journal = open();
    journal.append([{ bot, facts: [payment('c-1')] }]);
    journal.onApplicationShutdown();
    const [segment] = readdirSync(dir).filter((name) => name.endsWith('.ndjson'));
    appendFileSync(join(dir, segment), '{"bot":{"id":"bot-1"},"fa');
    const restarted = open();
    expect(restarted.holding).toBe(true);
    expect(restarted.takeOldest()?.entries).toEqual([{ bot, facts: [payment('c-1')] }]);
  });

  it('one process owns a directory: another live one is refused, a dead one’s lock is taken over', () => {
    writeFileSync(join(dir, 'owner.lock'), `${process.ppid}\nother\n`);
    expect(open().enabled).toBe(false);
    writeFileSync(join(dir, 'owner.lock'), `2147483646\ngone\n`);
    const journal = open();
    expect(journal.enabled).toBe(true);
    // A second app of this same process does not share it either.
    expect(open().enabled).toBe(false);
  });
});
