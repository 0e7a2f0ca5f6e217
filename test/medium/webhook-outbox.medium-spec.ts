import { randomUUID } from 'node:crypto';
import { keyOf, NewEntry, WebhookOutbox } from '../../src/webhooks/webhook-outbox';
import { eventually } from '../e2e/support/eventually';
import { useFreshDatabase } from './support/database';

const LEASE_MS = 60_000;

const entry = (subscriptionId: string, leased = false, text = 'hi'): NewEntry => ({
  subscriptionId,
  event: 'message.created',
  eventId: randomUUID(),
  dataJson: JSON.stringify({ text }),
  leased,
});

describe('WebhookOutbox: bulk writes, leased claims, per-subscription room (issue 29)', () => {
  const db = useFreshDatabase();
  const rows = async () =>
    (
      await db.dataSource.query(
        `SELECT id, subscription_id, lease_until > now() AS leased FROM webhook_outbox ORDER BY id`,
      )
    ).map((r: { id: string; subscription_id: string; leased: boolean }) => ({
      subscription: r.subscription_id,
      leased: r.leased,
    }));

  it('writes the entries of one turn in one insert, the leased ones claimed already, and answers every id', async () => {
    const outbox = new WebhookOutbox(db.dataSource);
    const [a, b] = [randomUUID(), randomUUID()];
    const first = [entry(a, true), entry(b)];
    const second = [entry(a)];
    const [ids1, ids2] = await Promise.all([outbox.add(first, LEASE_MS), outbox.add(second, LEASE_MS)]);
    // One batch: both calls got the same answer, with an id for each entry.
    expect(ids1).toBe(ids2);
    expect([...first, ...second].map((e) => ids1.has(keyOf(e)))).toEqual([true, true, true]);
    expect(await rows()).toEqual([
      { subscription: a, leased: true },
      { subscription: b, leased: false },
      { subscription: a, leased: false },
    ]);
    // The claim gets only the two not leased yet, with their data as written.
    const claimed = await outbox.claim(10, new Map(), 64, LEASE_MS);
    expect(claimed.map((c) => [c.id, c.dataJson])).toEqual([
      [ids1.get(keyOf(first[1])), '{"text":"hi"}'],
      [ids1.get(keyOf(second[0])), '{"text":"hi"}'],
    ]);
    expect(await outbox.claim(10, new Map(), 64, LEASE_MS)).toEqual([]);
  });

  it('takes no more of a subscription than its room, skips a full one, and two claimers never share a row', async () => {
    const outbox = new WebhookOutbox(db.dataSource);
    const [slow, fast, other] = [randomUUID(), randomUUID(), randomUUID()];
    await outbox.add(
      [
        ...Array.from({ length: 10 }, () => entry(slow)),
        ...Array.from({ length: 10 }, () => entry(fast)),
        ...Array.from({ length: 3 }, () => entry(other)),
      ],
      LEASE_MS,
    );
    // slow holds 4 of 4, fast 2 of 4: none of slow's, 2 of fast's, 3 of other's (room 4, it has 3).
    const held = new Map([
      [slow, 4],
      [fast, 2],
    ]);
    const claimed = await outbox.claim(100, held, 4, LEASE_MS);
    const count = (id: string) => claimed.filter((c) => c.subscriptionId === id).length;
    expect([count(slow), count(fast), count(other)]).toEqual([0, 2, 3]);

    // Side by side, two claimers split what is due: every row once.
    const [x, y] = await Promise.all([
      outbox.claim(100, new Map(), 100, LEASE_MS),
      outbox.claim(100, new Map(), 100, LEASE_MS),
    ]);
    const ids = [...x, ...y].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(18);
  });

  it('gives a row back when its lease ends, and deletes finished rows in a batch', async () => {
    const outbox = new WebhookOutbox(db.dataSource);
    const sub = randomUUID();
    await outbox.add([entry(sub), entry(sub)], LEASE_MS);
    const [first, second] = await outbox.claim(10, new Map(), 64, 200);
    expect(await outbox.claim(10, new Map(), 64, 200)).toEqual([]);
    // A claimer that died: after the lease, another claims the same rows (same ids, so the same webhook-id).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await outbox.claim(10, new Map(), 64, LEASE_MS);
    expect(again.map((c) => [c.id, c.eventId])).toEqual([
      [first.id, first.eventId],
      [second.id, second.eventId],
    ]);
    outbox.finished(first.id);
    outbox.finished(second.id);
    await eventually(async () => expect(await rows()).toEqual([]));
  });
});
