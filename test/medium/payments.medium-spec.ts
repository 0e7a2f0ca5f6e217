import { BotAccess } from '../../src/bots/bot-access';
import { Bot } from '../../src/bots/bot.entity';
import { Messages } from '../../src/common/messages';
import { CaptureService } from '../../src/ingest/capture.service';
import { ContactsRepository } from '../../src/ingest/contacts.repository';
import { FactEvents } from '../../src/ingest/events';
import { RevenueDays } from '../../src/ingest/revenue-days';
import { PaymentsQueries } from '../../src/revenue/payments.queries';
import { PaymentsService } from '../../src/revenue/payments.service';
import { useFreshDatabase } from './support/database';
import { daysAgo, inbound, newAccount, newBot, ownerOf, payment, refund } from './support/factories';
import { ingestPipeline, IngestPipeline } from './support/ingest';

const CAP = 2;

describe('Payments in the ingest (FactStore through IngestWriter, issue 26)', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;

  beforeEach(() => {
    ingest = ingestPipeline(db, { FREE_PLAN_MESSAGE_CAP: String(CAP) });
  });

  const rows = (botId: string) =>
    db.dataSource.query(
      `SELECT external_user_id, amount::int AS amount, currency, charge_id, payload, paid_at, refunded_at, origin
         FROM payments WHERE bot_id = $1 ORDER BY charge_id`,
      [botId],
    );
  const eventsNamed = (name: string) => ingest.events.filter(([event]) => event === name).map(([, data]) => data);

  it('stores a payment once, whatever arrives twice, and creates the contact of a payer not seen before', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const at = daysAgo(0);
    const paid = payment('501', 'stx-1', at);
    await ingest.writer.write(bot, [paid]);
    // Redelivered alone, then in one batch with itself (both capture modes in one answer), with another amount too.
    await ingest.writer.write(bot, [paid]);
    await ingest.writer.write(bot, [paid, { ...paid, amount: 999 }]);

    expect(await rows(bot.id)).toEqual([
      {
        external_user_id: '501',
        amount: 250,
        currency: 'XTR',
        charge_id: 'stx-1',
        payload: 'plan:pro',
        paid_at: at,
        refunded_at: null,
        origin: 'platform',
      },
    ]);
    const contacts = await db.dataSource.query(
      `SELECT external_user_id, first_name, first_seen_at, messages_in FROM contacts WHERE bot_id = $1`,
      [bot.id],
    );
    expect(contacts).toEqual([{ external_user_id: '501', first_name: 'User 501', first_seen_at: at, messages_in: 0 }]);
    expect(ingest.events.map(([name]) => name)).toEqual([FactEvents.contactCreated, FactEvents.paymentSucceeded]);
  });

  it('a refund in the same batch as its payment applies after the insert; a second refund changes nothing', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    const paidAt = daysAgo(1);
    const refundedAt = daysAgo(0);
    await ingest.writer.write(bot, [refund('7', 'stx-2', refundedAt), payment('7', 'stx-2', paidAt)]);
    // The refund seen again: as the message after the call, and a later one.
    await ingest.writer.write(bot, [refund('7', 'stx-2', new Date())]);

    expect(await rows(bot.id)).toMatchObject([{ charge_id: 'stx-2', paid_at: paidAt, refunded_at: refundedAt }]);
    expect(eventsNamed(FactEvents.paymentSucceeded)).toHaveLength(1);
    const refunded = eventsNamed(FactEvents.paymentRefunded);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ charge_id: 'stx-2', refunded_at: refundedAt.toISOString() });
  });

  it('a refund of a charge never recorded changes nothing and announces nothing', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [inbound('8', 'hi', daysAgo(0))]);
    await ingest.writer.write(bot, [refund('8', 'never-seen', daysAgo(0))]);
    expect(await rows(bot.id)).toEqual([]);
    expect(eventsNamed(FactEvents.paymentRefunded)).toEqual([]);
  });

  it('announces the payment object as committed: the source a touch of the same batch set, through the mappings', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    await db.dataSource.query(
      `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name) VALUES ($1, 'ig', 'instagram', 'autumn')`,
      [bot.id],
    );
    const at = daysAgo(0);
    const paid = payment('9', 'stx-3', at, { currency: 'RUB', amount: 49900, providerChargeId: 'yk-1' });
    await ingest.writer.write(bot, [inbound('9', '/start ig', new Date(at.getTime() - 1000)), paid]);

    const [event] = eventsNamed(FactEvents.paymentSucceeded);
    expect(event).toEqual({
      userId: account.id,
      id: expect.any(String),
      bot_id: bot.id,
      user_id: '9',
      amount: 49900,
      currency: 'RUB',
      charge_id: 'stx-3',
      provider_charge_id: 'yk-1',
      payload: 'plan:pro',
      recurring: false,
      first_recurring: false,
      subscription_expires_at: null,
      paid_at: at.toISOString(),
      refunded_at: null,
      source_value: 'instagram',
      campaign_name: 'autumn',
    });
  });

  it('a reported payment (no profile) needs an existing contact: it never creates one', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [payment('404', 'api-1', daysAgo(0), { origin: 'api' })]);
    expect(await rows(bot.id)).toEqual([]);
    expect(await db.dataSource.query(`SELECT 1 FROM contacts WHERE bot_id = $1`, [bot.id])).toEqual([]);

    await ingest.writer.write(bot, [inbound('404', 'hi', daysAgo(1))]);
    await ingest.writer.write(bot, [payment('404', 'api-1', daysAgo(0), { origin: 'api' })]);
    expect(await rows(bot.id)).toMatchObject([{ charge_id: 'api-1', origin: 'api' }]);
  });

  it('erasing a contact deletes its payments and takes them out of the revenue rollup', async () => {
    const bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    await ingest.writer.write(bot, [payment('11', 'stx-erase', daysAgo(0)), payment('12', 'stx-keep', daysAgo(0))]);
    const contacts = new ContactsRepository(db.dataSource);
    await db.dataSource.transaction(async (tx) => {
      const key = await contacts.lockForErasure(tx, bot.id, '11');
      await new RevenueDays().eraseContact(tx, bot.id, key!);
      await contacts.eraseContact(tx, bot.id, key!);
    });
    expect((await rows(bot.id)).map((row: { charge_id: string }) => row.charge_id)).toEqual(['stx-keep']);
    const rollup = await db.dataSource.query(
      `SELECT sum(gross)::int AS gross, sum(payments)::int AS payments FROM revenue_days WHERE bot_id = $1`,
      [bot.id],
    );
    expect(rollup).toEqual([{ gross: 250, payments: 1 }]);
  });

  it('the free cap never drops payments: past it the payment is stored and its contact created, its message not', async () => {
    const account = await newAccount(db.dataSource, { tariff: 'free' });
    const bot = await newBot(db.dataSource, account);
    const at = daysAgo(0);
    await ingest.writer.write(bot, [inbound('1', 'one', at), inbound('1', 'two', at)]);
    // At the cap now (and known to be full): the next batch is cut before its transaction.
    const paymentMessage = inbound('2', '', at);
    await ingest.writer.write(bot, [paymentMessage, payment('2', 'stx-cap', at), inbound('3', 'three', at)]);
    await ingest.writer.write(bot, [refund('2', 'stx-cap', at)]);

    expect(await rows(bot.id)).toMatchObject([{ external_user_id: '2', charge_id: 'stx-cap', refunded_at: at }]);
    const contacts = await db.dataSource.query(
      `SELECT external_user_id, messages_in FROM contacts WHERE bot_id = $1 ORDER BY external_user_id`,
      [bot.id],
    );
    expect(contacts).toEqual([
      { external_user_id: '1', messages_in: 2 },
      { external_user_id: '2', messages_in: 0 },
    ]);
    expect(await db.dataSource.query(`SELECT messages FROM usage_months WHERE user_id = $1`, [account.id])).toEqual([
      { messages: CAP },
    ]);
  });

  it('the cap keeps a payment of a batch it cuts in the transaction (the account reaches the cap in it)', async () => {
    const account = await newAccount(db.dataSource, { tariff: 'free' });
    const bot = await newBot(db.dataSource, account);
    const at = daysAgo(0);
    await ingest.writer.write(bot, [
      inbound('1', 'one', at),
      inbound('1', 'two', at),
      inbound('5', 'three', new Date(at.getTime() + 1000)),
      payment('5', 'stx-trim', new Date(at.getTime() + 2000)),
    ]);
    expect(await rows(bot.id)).toMatchObject([{ external_user_id: '5', charge_id: 'stx-trim' }]);
    expect(
      (await db.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE bot_id = $1`, [bot.id]))[0].n,
    ).toBe(CAP);
  });
});

describe('PaymentsService: payments an integrator reports, and the list', () => {
  const db = useFreshDatabase();
  let ingest: IngestPipeline;
  let service: PaymentsService;

  beforeEach(() => {
    ingest = ingestPipeline(db);
    service = new PaymentsService(
      new BotAccess(db.dataSource.getRepository(Bot)),
      new PaymentsQueries(db.dataSource),
      new CaptureService(ingest.writer, db.dataSource),
      new ContactsRepository(db.dataSource),
    );
  });

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: { getStatus(): number; message: string }) => ({ status: error.getStatus(), message: error.message }),
    );

  it('records a payment once: the same fields again are the stored payment, other fields a conflict', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    await ingest.writer.write(bot, [inbound('77', 'hi', daysAgo(1))]);
    const body = {
      user_id: '77',
      amount: 1500,
      currency: 'USD',
      charge_id: 'order-1',
      paid_at: '2026-01-02T03:04:05Z',
    };

    const first = await service.record(ownerOf(account), bot.id, body);
    expect(first).toEqual({
      created: true,
      payment: expect.objectContaining({
        user_id: '77',
        amount: 1500,
        paid_at: '2026-01-02T03:04:05.000Z',
        payload: null,
      }),
    });
    // Without paid_at the repeat still matches; the stored time stays.
    expect(await service.record(ownerOf(account), bot.id, { ...body, paid_at: undefined })).toEqual({
      created: false,
      payment: first.payment,
    });
    for (const other of [{ amount: 1501 }, { currency: 'EUR' }, { payload: 'x' }, { paid_at: '2026-01-02T03:04:06Z' }])
      expect(await failure(service.record(ownerOf(account), bot.id, { ...body, ...other }))).toEqual({
        status: 409,
        message: Messages.paymentConflict,
      });
    expect(eventsOf(ingest, FactEvents.paymentSucceeded)).toHaveLength(1);

    // A payload PostgreSQL stores otherwise (a lone surrogate becomes U+FFFD) is compared as stored.
    const odd = { ...body, charge_id: 'order-odd', payload: 'half \ud800' };
    expect((await service.record(ownerOf(account), bot.id, odd)).payment.payload).toBe('half \ufffd');
    expect((await service.record(ownerOf(account), bot.id, odd)).created).toBe(false);
  });

  it('refunds once: again it answers the payment unchanged; a refund before the payment is refused', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    await ingest.writer.write(bot, [inbound('78', 'hi', daysAgo(2))]);
    const paid = await service.record(ownerOf(account), bot.id, {
      user_id: '78',
      amount: 100,
      currency: 'RUB',
      charge_id: 'order-2',
      paid_at: daysAgo(1).toISOString(),
    });
    expect(
      await failure(service.refund(ownerOf(account), bot.id, 'order-2', { refunded_at: daysAgo(2).toISOString() })),
    ).toEqual({ status: 400, message: Messages.badRefundedAt });
    const refundedAt = daysAgo(0);
    const refunded = await service.refund(ownerOf(account), bot.id, 'order-2', {
      refunded_at: refundedAt.toISOString(),
    });
    expect(refunded).toEqual({ ...paid.payment, refunded_at: refundedAt.toISOString() });
    expect(await service.refund(ownerOf(account), bot.id, 'order-2', {})).toEqual(refunded);
    expect(eventsOf(ingest, FactEvents.paymentRefunded)).toHaveLength(1);
    expect(await failure(service.refund(ownerOf(account), bot.id, 'order-3', {}))).toEqual({
      status: 404,
      message: Messages.paymentNotFound,
    });
  });

  it('lists newest first by paid_at then id, in pages joined by next_before, and by contact', async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    const at = daysAgo(0);
    const second = (n: number) => new Date(at.getTime() - n * 1000);
    await ingest.writer.write(bot, [inbound('1', 'hi', second(100)), inbound('2', 'hi', second(100))]);
    // Two payments in the same millisecond: the id breaks the tie.
    await ingest.writer.write(bot, [
      payment('1', 'a', second(3), { origin: 'api' }),
      payment('2', 'b', second(2), { origin: 'api' }),
      payment('1', 'c', second(2), { origin: 'api' }),
      payment('2', 'd', second(1), { origin: 'api' }),
    ]);
    const all = await service.list(ownerOf(account), bot.id, { limit: 10 });
    expect(all.next_before).toBeNull();
    const ties = all.data.slice(1, 3).map((p) => p.id);
    expect(all.data.map((p) => p.charge_id)).toEqual(['d', ...all.data.slice(1, 3).map((p) => p.charge_id), 'a']);
    expect(ties).toEqual([...ties].sort().reverse());

    const pages: string[][] = [];
    let before: string | undefined;
    do {
      const page = await service.list(ownerOf(account), bot.id, { limit: 2, before });
      pages.push(page.data.map((p) => p.charge_id));
      before = page.next_before ?? undefined;
    } while (before);
    expect(pages).toEqual([all.data.slice(0, 2).map((p) => p.charge_id), all.data.slice(2).map((p) => p.charge_id)]);

    // A bare time: the payments paid before it.
    expect((await service.list(ownerOf(account), bot.id, { limit: 10, before: second(2).toISOString() })).data).toEqual(
      [all.data[3]],
    );
    const ofOne = await service.list(ownerOf(account), bot.id, { limit: 10, user_id: '1' });
    expect(ofOne.data.map((p) => p.charge_id)).toEqual(['c', 'a']);
    expect((await service.list(ownerOf(account), bot.id, { limit: 10, user_id: '3' })).data).toEqual([]);
    for (const bad of ['yesterday', '2026-01-01T00:00:00Z_not-a-uuid', '_'])
      expect(await failure(service.list(ownerOf(account), bot.id, { limit: 10, before: bad }))).toEqual({
        status: 400,
        message: Messages.badBefore,
      });
  });
});

function eventsOf(ingest: IngestPipeline, name: string): unknown[] {
  return ingest.events.filter(([event]) => event === name);
}
