import { currentMonth } from '../../billing/usage-months.repository';
import type { FactBatchItem } from '../fact-store';
import type { BlockFact, MessageFact, PaymentFact, RefundFact } from '../facts';
import { keepWithinAllowance } from './allowance-trim';
import { PLAN_TTL_MS, PlanCache } from './plan-cache';

const bot = (id: string) => ({ id, userId: 'account-1', platform: 'telegram' as const, utmKey: 'utm_source' });

function message(dedupeKey: string, second: number): MessageFact {
  return {
    kind: 'message',
    direction: 'in',
    dedupeKey,
    externalUserId: '7',
    profile: null,
    text: dedupeKey,
    platformMessageId: null,
    at: new Date(Date.UTC(2030, 0, 1, 0, 0, second)),
    raw: null,
    phone: null,
    touch: null,
  };
}

const blocked = (second: number): BlockFact => ({
  kind: 'blocked',
  externalUserId: '7',
  at: new Date(Date.UTC(2030, 0, 1, 0, 0, second)),
});
const keysOf = (items: FactBatchItem[]) =>
  items.map((item) =>
    item.facts.map((f) => (f.kind === 'message' ? f.dedupeKey : `${f.kind}@${f.at.getUTCSeconds()}`)),
  );

describe('keepWithinAllowance: a batch cut to what the cap still allows', () => {
  it("keeps the earliest messages across the account's bots, in time order, and drops the rest", () => {
    const items = [
      { bot: bot('a'), facts: [message('a3', 3), message('a1', 1)] },
      { bot: bot('b'), facts: [message('b2', 2), message('b4', 4)] },
    ];
    expect(keysOf(keepWithinAllowance(items, 3))).toEqual([['a3', 'a1'], ['b2']]);
  });

  it('returns the batch untouched when everything fits', () => {
    const items = [{ bot: bot('a'), facts: [message('a1', 1), message('a2', 2)] }];
    expect(keepWithinAllowance(items, 2)).toBe(items);
  });

  it('drops every fact, blocks included, when nothing is allowed, but keeps the item and its statements', () => {
    const alongside = [{ text: 'UPDATE broadcast_recipients SET status = $1', values: ['sent'] }];
    const [item] = keepWithinAllowance([{ bot: bot('a'), facts: [blocked(1), message('a2', 2)], alongside }], 0);
    expect(item).toEqual({ bot: bot('a'), facts: [], alongside });
  });

  it('keeps a block that came before the cap was reached and drops one after it', () => {
    const items = [{ bot: bot('a'), facts: [blocked(1), message('a2', 2), blocked(3), message('a4', 4)] }];
    expect(keysOf(keepWithinAllowance(items, 1))).toEqual([['blocked@1', 'a2']]);
  });

  it('counts a message repeated in the batch once, as it is stored once', () => {
    const items = [
      { bot: bot('a'), facts: [message('a1', 1)] },
      { bot: bot('a'), facts: [message('a1', 1), message('a2', 2), message('a3', 3)] },
    ];
    expect(keysOf(keepWithinAllowance(items, 2))).toEqual([['a1'], ['a1', 'a2']]);
  });

  it('keeps payments and refunds past the cap, which never drops them (issue 26)', () => {
    const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second));
    const refund: RefundFact = { kind: 'refund', externalUserId: '7', chargeId: 'c1', at: at(4) };
    const payment: PaymentFact = {
      kind: 'payment',
      externalUserId: '7',
      profile: null,
      amount: 100,
      currency: 'XTR',
      chargeId: 'c2',
      providerChargeId: null,
      payload: null,
      recurring: false,
      firstRecurring: false,
      subscriptionExpiresAt: null,
      at: at(3),
      origin: 'platform',
    };
    const items = [{ bot: bot('a'), facts: [message('a1', 1), message('a2', 2), payment, blocked(5), refund] }];
    expect(keysOf(keepWithinAllowance(items, 1))).toEqual([['a1', 'payment@3', 'refund@4']]);
    expect(keysOf(keepWithinAllowance(items, 0))).toEqual([['payment@3', 'refund@4']]);
  });
});

describe('currentMonth: the usage month key', () => {
  it('is the first day of the UTC month', () => {
    expect(currentMonth(new Date('2030-03-31T23:59:59.999Z'))).toBe('2030-03-01');
    expect(currentMonth(new Date('2030-04-01T00:00:00.000Z'))).toBe('2030-04-01');
    expect(currentMonth(new Date('2030-12-15T12:00:00+05:00'))).toBe('2030-12-01');
  });
});

describe('PlanCache: plans known without a query per batch', () => {
  const load = jest.fn<Promise<Map<string, boolean>>, [string[]]>();
  const failures: unknown[] = [];
  let cache: PlanCache;
  beforeEach(() => {
    load.mockReset().mockImplementation(async (ids) => new Map(ids.map((id) => [id, id.startsWith('free')])));
    failures.length = 0;
    cache = new PlanCache(load, (error) => failures.push(error));
  });

  it('reads each unknown account once and again only after the time to live', async () => {
    await cache.refresh(['free-1', 'paid-1', 'free-1'], 1000);
    await cache.refresh(['free-1', 'paid-1'], 1000 + PLAN_TTL_MS - 1);
    expect(load.mock.calls).toEqual([[['free-1', 'paid-1']]]);
    expect([cache.isCapped('free-1'), cache.isCapped('paid-1')]).toEqual([true, false]);
    await cache.refresh(['free-1'], 1000 + PLAN_TTL_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets an account whose plan changed, and with it the full mark', async () => {
    await cache.refresh(['free-1'], 1000);
    cache.markFull('free-1', '2030-01-01');
    expect(cache.isFull('free-1', '2030-01-01')).toBe(true);
    expect(cache.isFull('free-1', '2030-02-01')).toBe(false);
    cache.forget('free-1');
    expect(cache.isFull('free-1', '2030-01-01')).toBe(false);
    await cache.refresh(['free-1'], 1001);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never marks an uncapped account full', async () => {
    await cache.refresh(['paid-1'], 1000);
    cache.markFull('paid-1', '2030-01-01');
    expect(cache.isFull('paid-1', '2030-01-01')).toBe(false);
  });

  it('treats an account as uncapped when its plan cannot be read, and asks again next time', async () => {
    load.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    await cache.refresh(['free-1'], 1000);
    expect(failures).toHaveLength(1);
    expect(cache.isCapped('free-1')).toBe(false);
    await cache.refresh(['free-1'], 1001);
    expect(cache.isCapped('free-1')).toBe(true);
  });

  it('does not keep an answer read while a plan changed', async () => {
    let finish!: () => void;
    load.mockImplementationOnce(
      (ids) => new Promise((resolve) => (finish = () => resolve(new Map(ids.map((id) => [id, true]))))),
    );
    const reading = cache.refresh(['free-1'], 1000);
    cache.forget('free-1');
    finish();
    await reading;
    await cache.refresh(['free-1'], 1001);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
