import type { Queue } from 'bullmq';
import { BroadcastOutcomesQueries } from '../../src/broadcasts/broadcast-outcomes.queries';
import { RecipientStore } from '../../src/broadcasts/recipient-store';
import { ContactPage, ContactsQueries } from '../../src/contacts/contacts.queries';
import { FunnelBackfillJob, FunnelBackfillService } from '../../src/funnels/funnel-backfill.service';
import { FunnelConfigService } from '../../src/funnels/funnel-config.service';
import { FunnelReachStore } from '../../src/funnels/funnel-reach.store';
import { FunnelReportQueries } from '../../src/funnels/funnel-report.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { insertPayment, refundPayment } from '../support/payments';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot } from './support/factories';
import { ingestPipeline } from './support/ingest';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(`${iso}Z`);

/** Contacts who paid and were refunded, in the shape each read needs; each describe has a bot of its own. */
describe('Payments in the contact reads, broadcasts and funnels on PostgreSQL', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let account: { id: string; email: string };
  beforeAll(async () => {
    account = await newAccount(db.dataSource);
  });

  /** The four people of every describe: each wrote `hi` unless said otherwise. */
  const PEOPLE = ['ann', 'bob', 'cat', 'dan'];
  const saying = (texts: Record<string, string> = {}): Array<[string, string]> =>
    PEOPLE.map((id) => [id, texts[id] ?? 'hi']);

  /** A bot whose contacts wrote `texts` in order (each a minute after the one before), then paid. */
  async function botWith(texts: Array<[string, string]>): Promise<CaptureBot> {
    const bot = await newBot(db.dataSource, account);
    const ingest = ingestPipeline(db);
    let minute = 0;
    for (const [userId, text] of texts)
      await ingest.writer.write(bot, [
        inbound(userId, text, new Date(at('2026-03-02T10:00:00').getTime() + minute++ * 60_000)),
      ]);
    return bot;
  }
  const pay = (bot: CaptureBot, userId: string, amount: number, currency: string, paidAt: Date, payload?: string) =>
    insertPayment(db.dataSource, { botId: bot.id, userId, amount, currency, paidAt, payload });

  describe('contacts', () => {
    let bot: CaptureBot;
    const contacts = () => new ContactsQueries(db.dataSource);
    const list = async (page: Partial<ContactPage>) => {
      const full = { limit: 100, offset: 0, search: null, payer: null, ...page };
      const { rows, total } = await contacts().withTotal(bot.id, full, (condition) =>
        contacts().page(bot.id, full, condition),
      );
      return { users: rows.map((row) => row.external_user_id), total };
    };

    /** Ann paid in two currencies (one payment refunded), Bob was refunded his only one, Cat never paid, Dan paid once. */
    beforeAll(async () => {
      bot = await botWith(saying());
      const paidAt = at('2026-03-03T00:00:00');
      await pay(bot, 'ann', 100, 'XTR', paidAt);
      await refundPayment(db.dataSource, await pay(bot, 'ann', 50, 'XTR', paidAt), paidAt);
      await pay(bot, 'ann', 99000, 'RUB', paidAt);
      await refundPayment(db.dataSource, await pay(bot, 'bob', 200, 'XTR', paidAt), paidAt);
      await pay(bot, 'dan', 499, 'USD', paidAt);
    });

    it('list items carry their payments (refunded ones too) and their net per currency, read for the page only', async () => {
      const page = await contacts().page(bot.id, { limit: 100, offset: 0 });
      expect(page.map(({ external_user_id, payments, revenue }) => ({ external_user_id, payments, revenue }))).toEqual([
        { external_user_id: 'dan', payments: 1, revenue: [{ currency: 'USD', net: 499 }] },
        { external_user_id: 'cat', payments: 0, revenue: [] },
        { external_user_id: 'bob', payments: 1, revenue: [{ currency: 'XTR', net: 0 }] },
        {
          external_user_id: 'ann',
          payments: 3,
          revenue: [
            { currency: 'RUB', net: 99000 },
            { currency: 'XTR', net: 100 },
          ],
        },
      ]);
      const cabinet = await contacts().cabinetPage(bot.id, { limit: 1, offset: 3 });
      expect(cabinet.map(({ external_user_id, payments }) => [external_user_id, payments])).toEqual([['ann', 3]]);
    });

    it('the card carries them too, in the open API and the cabinet', async () => {
      expect(await contacts().detail(bot.id, 'ann')).toMatchObject({
        payments: 3,
        revenue: [
          { currency: 'RUB', net: 99000 },
          { currency: 'XTR', net: 100 },
        ],
      });
      expect(await contacts().cabinetDetail(bot.id, 'cat')).toMatchObject({ payments: 0, revenue: [] });
    });

    it('payer: true keeps contacts with a payment not refunded, false the others; total counts them', async () => {
      expect(await list({ payer: true })).toEqual({ users: ['dan', 'ann'], total: 2 });
      expect(await list({ payer: false })).toEqual({ users: ['cat', 'bob'], total: 2 });
      expect(await list({ payer: true, limit: 1, offset: 1 })).toEqual({ users: ['ann'], total: 2 });
      expect(await list({})).toEqual({ users: ['dan', 'cat', 'bob', 'ann'], total: 4 });
      // With a search: the names are `User <id>`.
      expect(await list({ search: 'an', payer: true })).toEqual({ users: ['dan', 'ann'], total: 2 });
      expect(await list({ search: 'an', payer: false })).toEqual({ users: [], total: 0 });
      expect(await list({ search: 'b', payer: false, limit: 1 })).toEqual({ users: ['bob'], total: 1 });
    });

    it('broadcast segments take payer alike', async () => {
      const recipients = new RecipientStore(db.dataSource);
      expect(await recipients.countAudience(bot.id, 'all', { payer: true })).toBe(2);
      expect(await recipients.countAudience(bot.id, 'all', { payer: false, blocked: false })).toBe(2);
    });
  });

  describe('a broadcast', () => {
    let bot: CaptureBot;
    let broadcastId: string;
    const SENT = at('2026-03-05T12:00:00');
    const after = (ms: number) => new Date(SENT.getTime() + ms);

    /** Sent to Ann at SENT and to Bob 30 s later; Cat's send failed; Dan was not a recipient. */
    beforeAll(async () => {
      bot = await botWith(saying());
      [{ id: broadcastId }] = await db.dataSource.query(
        `INSERT INTO broadcasts (bot_id, origin, text, status, started_at, finished_at, total_count)
         VALUES ($1, 'cabinet', 'Sale!', 'done', $2, $3, 3) RETURNING id`,
        [bot.id, SENT, after(60_000)],
      );
      await db.dataSource.query(
        `INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, status, updated_at)
         SELECT $1, r.position, c.id, c.external_user_id, r.status, r.sent_at
           FROM unnest($3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY AS r(user_id, status, sent_at, position)
           JOIN contacts c ON c.bot_id = $2 AND c.external_user_id = r.user_id`,
        [broadcastId, bot.id, ['ann', 'bob', 'cat'], ['sent', 'sent', 'failed'], [SENT, after(30_000), after(1000)]],
      );
      await pay(bot, 'ann', 1, 'XTR', after(-1));
      await pay(bot, 'ann', 200, 'XTR', SENT);
      await pay(bot, 'ann', 300, 'XTR', after(72 * HOUR));
      await pay(bot, 'ann', 4000, 'XTR', after(72 * HOUR + 1));
      await refundPayment(db.dataSource, await pay(bot, 'bob', 500, 'XTR', after(HOUR)), after(2 * HOUR));
      await pay(bot, 'bob', 1000, 'RUB', after(30_000 + 72 * HOUR));
      await pay(bot, 'cat', 700, 'XTR', after(HOUR));
      await pay(bot, 'dan', 800, 'XTR', after(HOUR));
    });

    it("counts its recipients' payments from their own send to 72 hours after it, both included; refunds come off", async () => {
      const outcomes = await new BroadcastOutcomesQueries(db.dataSource).of(bot.id, [broadcastId]);
      expect(outcomes.get(broadcastId)?.all.revenue).toEqual([
        // Bob's send was 30 s after Ann's: his window ends 30 s after hers.
        { currency: 'RUB', net: 1000, payers: 1 },
        // Ann's 200 at the send and 300 at 72 hours; Bob's refunded 500 counts neither as net nor as a payer.
        { currency: 'XTR', net: 500, payers: 1 },
      ]);
    });

    it('a broadcast that has not started, or of another bot, has none', async () => {
      const other = await newBot(db.dataSource, account);
      const [{ id: scheduled }] = await db.dataSource.query(
        `INSERT INTO broadcasts (bot_id, origin, text, status) VALUES ($1, 'cabinet', 'Later', 'scheduled') RETURNING id`,
        [bot.id],
      );
      const queries = new BroadcastOutcomesQueries(db.dataSource);
      expect([...(await queries.of(bot.id, [scheduled]))]).toEqual([]);
      expect([...(await queries.of(other.id, [broadcastId]))]).toEqual([]);
    });
  });

  describe('a funnel with payment stages', () => {
    let bot: CaptureBot;
    const backfill = () =>
      new FunnelBackfillService(db.dataSource, { add: async () => undefined } as unknown as Queue<FunnelBackfillJob>);
    const result = async () =>
      (await new FunnelReportQueries(db.dataSource).result(bot.id, null)).stages.map((s) => [s.name, s.reached]);

    /** Ann bought a plan, Bob a pack; Cat only started; Dan never wrote /start and was refunded a payment. */
    beforeAll(async () => {
      bot = await botWith(saying({ ann: '/start', bob: '/start', cat: '/start' }));
      await pay(bot, 'ann', 100, 'XTR', at('2026-03-03T00:00:00'), 'plan:pro');
      await pay(bot, 'ann', 100, 'XTR', at('2026-03-02T12:00:00'), 'pack:100');
      await pay(bot, 'bob', 50, 'XTR', at('2026-03-03T00:00:00'), 'pack:100');
      const danPaid = await pay(bot, 'dan', 25, 'XTR', at('2026-03-03T00:00:00'), 'Plan:pro');
      await refundPayment(db.dataSource, danPaid, at('2026-03-04T00:00:00'));
      await new FunnelConfigService(db.dataSource, backfill()).replace(bot.id, {
        stages: [
          { name: 'Started', type: 'command', value: '/start' },
          { name: 'Paid a plan', type: 'payment', payload_prefix: 'plan:' },
          { name: 'Paid', type: 'payment' },
        ],
      });
      await backfill().run({ botId: bot.id, removedKeys: [] });
    });

    it('the backfill counts every payment (refunded ones too) whose payload starts with the prefix, exactly', async () => {
      expect(await result()).toEqual([
        ['Started', 3],
        ['Paid a plan', 1],
        ['Paid', 3],
      ]);
      // Reached at the contact's first matching payment.
      const reached = await db.dataSource.query(
        `SELECT r.reached_at FROM funnel_reach r JOIN funnel_stages s ON s.bot_id = r.bot_id AND s.stage_key = r.stage_key
           JOIN contacts c ON c.id = r.contact_id
          WHERE r.bot_id = $1 AND s.name = 'Paid' AND c.external_user_id = 'ann'`,
        [bot.id],
      );
      expect(reached).toEqual([{ reached_at: at('2026-03-02T12:00:00') }]);
    });

    it('a new payment reaches the stages it satisfies, once per contact, and says which it passed', async () => {
      const catPaid = await pay(bot, 'cat', 10, 'XTR', at('2026-03-06T00:00:00'), 'plan:basic');
      const annAgain = await pay(bot, 'ann', 10, 'XTR', at('2026-03-06T00:00:00'), 'plan:basic');
      const store = new FunnelReachStore(db.dataSource);
      const batch = (ids: string[]) => ({
        messages: [],
        presses: [],
        attributing: [],
        payments: ids.map((id) => ({ id, botId: bot.id })),
      });
      expect(await store.apply(batch([catPaid, annAgain]))).toEqual([
        { bot_id: bot.id, external_user_id: 'cat', stage_index: 1, stage_name: 'Paid a plan' },
        { bot_id: bot.id, external_user_id: 'cat', stage_index: 2, stage_name: 'Paid' },
      ]);
      expect(await store.apply(batch([catPaid]))).toEqual([]);
      expect(await result()).toEqual([
        ['Started', 3],
        ['Paid a plan', 2],
        ['Paid', 4],
      ]);
    });
  });
});
