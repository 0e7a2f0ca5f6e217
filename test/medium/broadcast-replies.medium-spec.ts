import { setTimeout as sleep } from 'node:timers/promises';
import { BroadcastOutcomesQueries } from '../../src/broadcasts/broadcast-outcomes.queries';
import { RecipientStore } from '../../src/broadcasts/recipient-store';
import type { CaptureBot } from '../../src/ingest/capture.service';
import { useFreshDatabase } from './support/database';
import { inbound, newAccount, newBot } from './support/factories';
import { IngestPipeline, ingestPipeline } from './support/ingest';

const NO_MESSAGE = { text: 'SELECT NULL::uuid', values: [] };

/**
 * A recipient's reply is recorded on its row (`replied_at`) whichever of the two transactions commits first: the
 * reply's (then the send's mark finds it) or the mark's (then the ingest's statement finds the sent row). The rule is
 * the outcomes': an inbound message stored after the send, dated from the send's second to 24 hours after it.
 */
describe('Broadcast replies recorded on the recipient rows (issue 28)', () => {
  const db = useFreshDatabase();
  let bot: CaptureBot;
  let ingest: IngestPipeline;
  let broadcastId: string;

  beforeEach(async () => {
    bot = await newBot(db.dataSource, await newAccount(db.dataSource));
    ingest = ingestPipeline(db);
    await ingest.writer.write(bot, [inbound('ann', '/start', new Date(Date.now() - 3_600_000))]);
    [{ id: broadcastId }] = await db.dataSource.query(
      `INSERT INTO broadcasts (bot_id, origin, text, status, started_at) VALUES ($1, 'cabinet', 'Sale!', 'running', now())
       RETURNING id`,
      [bot.id],
    );
    await db.dataSource.query(
      `INSERT INTO broadcast_recipients (broadcast_id, position, contact_id, external_user_id, status)
       SELECT $1, 1, id, external_user_id, 'sending' FROM contacts WHERE bot_id = $2`,
      [broadcastId, bot.id],
    );
  });

  /** Marks Ann sent in a transaction begun now; `meanwhile` runs (and commits) before the mark itself. */
  async function markSent(meanwhile: () => Promise<void>): Promise<void> {
    const tx = db.dataSource.createQueryRunner();
    await tx.connect();
    try {
      await tx.startTransaction();
      await tx.query(`SELECT now()`);
      await sleep(5);
      await meanwhile();
      const mark = new RecipientStore(db.dataSource).sentStatement(broadcastId, 1, 1, NO_MESSAGE);
      await tx.query(mark.text, mark.values);
      await tx.commitTransaction();
    } finally {
      await tx.release();
    }
  }

  const replied = async () =>
    (await new BroadcastOutcomesQueries(db.dataSource).of(bot.id, [broadcastId])).get(broadcastId)!.all.replied;
  const repliedAt = async () =>
    (
      (await db.dataSource.query(`SELECT replied_at FROM broadcast_recipients WHERE broadcast_id = $1`, [
        broadcastId,
      ])) as Array<{ replied_at: Date | null }>
    )[0].replied_at;

  it('a reply committed before the mark, in a transaction begun after it, is found by the mark', async () => {
    const at = new Date();
    await markSent(() => ingest.writer.write(bot, [inbound('ann', 'Сколько?', at)]));
    expect(await repliedAt()).toEqual(at);
    expect(await replied()).toBe(1);
  });

  it('another contact’s message committed before the mark is no reply of this recipient', async () => {
    await markSent(() => ingest.writer.write(bot, [inbound('boris', 'Да!', new Date())]));
    expect(await repliedAt()).toBeNull();
    expect(await replied()).toBe(0);
  });

  it('a reply stored after the mark committed is recorded by the ingest; a second one changes nothing', async () => {
    await markSent(async () => undefined);
    const at = new Date(Date.now() + 1000);
    await ingest.writer.write(bot, [inbound('ann', 'Сколько?', at)]);
    await ingest.writer.write(bot, [inbound('ann', 'Беру', new Date(Date.now() + 2000))]);
    expect(await repliedAt()).toEqual(at);
    expect(await replied()).toBe(1);
  });

  it('a message dated before the send, or more than 24 hours after it, is no reply', async () => {
    await markSent(async () => undefined);
    await ingest.writer.write(bot, [
      inbound('ann', 'До рассылки', new Date(Date.now() - 60_000)),
      inbound('ann', 'Поздно', new Date(Date.now() + 24 * 3_600_000 + 60_000)),
    ]);
    expect(await repliedAt()).toBeNull();
    expect(await replied()).toBe(0);
  });
});
