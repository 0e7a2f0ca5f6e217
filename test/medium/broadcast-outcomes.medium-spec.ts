import { BroadcastOutcomesQueries, noOutcomes } from '../../src/broadcasts/broadcast-outcomes.queries';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { insertPayment } from '../support/payments';
import { useFreshDatabase } from './support/database';
import { blocked, inbound, newAccount, newBot } from './support/factories';
import { ingestPipeline } from './support/ingest';

const HOUR = 3_600_000;
/** Ann's and Dan's send; half a second into its second, as a real send is. */
const SENT = new Date('2026-03-05T10:00:00.500Z');
const after = (ms: number) => new Date(SENT.getTime() + ms);

describe('Broadcast outcomes on PostgreSQL (issue 28): one statement, each recipient counted once', () => {
  const db = useFreshDatabase({ perDescribe: true });
  let bot: CaptureBot;
  let abId: string;
  let plainId: string;
  let scheduledId: string;
  const ids = new Map<string, string>();

  const broadcast = async (fields: { variants?: object[]; linkIds?: string[]; status?: string }) =>
    (
      await db.dataSource.query(
        `INSERT INTO broadcasts (bot_id, origin, text, status, started_at, variants, link_ids, track_links)
         VALUES ($1, 'cabinet', 'Sale!', $2, CASE WHEN $2 = 'scheduled' THEN NULL ELSE $3::timestamptz END, $4, $5, true)
         RETURNING id`,
        [
          bot.id,
          fields.status ?? 'done',
          SENT,
          fields.variants ? JSON.stringify(fields.variants) : null,
          fields.linkIds ?? [],
        ],
      )
    )[0].id as string;
  const recipients = (
    broadcastId: string,
    rows: Array<[user: string, status: string, variant: number | null, at: Date, error?: string]>,
  ) =>
    db.dataSource.query(
      `INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, status, variant, updated_at, error)
       SELECT $1, r.position, c.id, c.external_user_id, r.status, r.variant, r.at, r.error
         FROM unnest($3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::text[])
              WITH ORDINALITY AS r(user_id, status, variant, at, error, position)
         JOIN contacts c ON c.bot_id = $2 AND c.external_user_id = r.user_id`,
      [
        broadcastId,
        bot.id,
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        rows.map((r) => r[3]),
        rows.map((r) => r[4] ?? null),
      ],
    );
  const link = async (url: string) =>
    (
      await db.dataSource.query(`INSERT INTO links (bot_id, code, url) VALUES ($1, $2, $3) RETURNING id`, [
        bot.id,
        url.slice(-8).padStart(8, 'x'),
        url,
      ])
    )[0].id as string;
  const click = (linkId: string, user: string | null, at: Date) =>
    db.dataSource.query(
      `INSERT INTO clicks (link_id, bot_id, contact_id, agent, clicked_at) VALUES ($1, $2, $3, 'Firefox', $4)`,
      [linkId, bot.id, user ? ids.get(user) : null, at],
    );

  /**
   * An A/B broadcast: Ann (A) clicked three times over both its links, replied twice and paid; Bob (B) clicked
   * only another broadcast's link and blocked the bot two hours after his send; Cat (B) was refused with 403; Dan
   * (A) wrote before his send and 25 hours after it, clicked anonymously and paid after 73 hours; Eve is no
   * recipient but replied; Fay waits held for the winner.
   */
  beforeAll(async () => {
    const account = await newAccount(db.dataSource);
    bot = await newBot(db.dataSource, account);
    const ingest = ingestPipeline(db);
    await ingest.writer.write(
      bot,
      ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'].map((user) => inbound(user, '/start', after(-2 * HOUR))),
    );
    for (const row of await db.dataSource.query(`SELECT id, external_user_id FROM contacts WHERE bot_id = $1`, [
      bot.id,
    ]))
      ids.set(row.external_user_id, row.id);

    const [first, second, elsewhere] = [
      await link('https://a.example/1'),
      await link('https://a.example/2'),
      await link('https://b.example/3'),
    ];
    abId = await broadcast({
      variants: [
        { text: 'A', file: false },
        { text: 'B', file: false },
      ],
      linkIds: [first, second],
    });
    await recipients(abId, [
      ['ann', 'sent', 0, SENT],
      ['bob', 'sent', 1, after(30_000)],
      ['cat', 'failed', 1, after(1000), '403 Forbidden: bot was blocked by the user'],
      ['dan', 'sent', 0, SENT],
      ['fay', 'held', null, SENT],
    ]);
    await click(first, 'ann', after(HOUR));
    await click(first, 'ann', after(2 * HOUR));
    await click(second, 'ann', after(50 * HOUR));
    await click(elsewhere, 'bob', after(HOUR));
    await click(first, null, after(HOUR));
    // Sent before the replies are stored, as every send is: the ingest records a reply on its recipient rows.
    plainId = await broadcast({});
    await recipients(plainId, [
      ['ann', 'sent', null, after(-HOUR)],
      ['eve', 'sent', null, after(-HOUR)],
    ]);
    await ingest.writer.write(bot, [
      inbound('ann', 'Сколько стоит?', after(60_000)),
      inbound('ann', 'Беру', after(24 * HOUR)),
      inbound('dan', 'Поздно', after(25 * HOUR)),
      inbound('dan', 'До рассылки', after(-10 * 60_000)),
      inbound('eve', 'Я не получала', after(60_000)),
    ]);
    await ingest.writer.write(bot, [blocked('bob', after(30_000 + 2 * HOUR))]);
    await insertPayment(db.dataSource, {
      botId: bot.id,
      userId: 'ann',
      amount: 200,
      currency: 'XTR',
      paidAt: after(HOUR),
    });
    await insertPayment(db.dataSource, {
      botId: bot.id,
      userId: 'dan',
      amount: 900,
      currency: 'XTR',
      paidAt: after(73 * HOUR),
    });

    scheduledId = await broadcast({ status: 'scheduled' });
  });

  it('counts each outcome once per contact, for the broadcast and for each variant', async () => {
    const outcomes = (await new BroadcastOutcomesQueries(db.dataSource).of(bot.id, [abId])).get(abId)!;
    expect(outcomes.all).toEqual({
      delivered: 3,
      failed: 1,
      blocked_on_send: 1,
      clicked: 1,
      replied: 1,
      blocked_after: 1,
      revenue: [{ currency: 'XTR', net: 200, payers: 1 }],
    });
    expect(outcomes.variants.get(0)).toEqual({
      ...noOutcomes(),
      delivered: 2,
      clicked: 1,
      replied: 1,
      revenue: [{ currency: 'XTR', net: 200, payers: 1 }],
    });
    expect(outcomes.variants.get(1)).toEqual({
      ...noOutcomes(),
      delivered: 1,
      failed: 1,
      blocked_on_send: 1,
      blocked_after: 1,
    });
    expect([...outcomes.variants.keys()].sort()).toEqual([0, 1]);
  });

  it('reads several broadcasts at once; one of one text has no variants; one not started has none', async () => {
    const all = await new BroadcastOutcomesQueries(db.dataSource).of(bot.id, [abId, plainId, scheduledId]);
    expect([...all.keys()].sort()).toEqual([abId, plainId].sort());
    // Ann's reply and payment came within 24 and 72 hours of this send too; Eve's reply, an hour after hers.
    expect(all.get(plainId)).toEqual({
      all: {
        ...noOutcomes(),
        delivered: 2,
        replied: 2,
        revenue: [{ currency: 'XTR', net: 200, payers: 1 }],
      },
      variants: new Map(),
    });
    const other = await newBot(db.dataSource, await newAccount(db.dataSource));
    expect([...(await new BroadcastOutcomesQueries(db.dataSource).of(other.id, [abId]))]).toEqual([]);
  });
});
