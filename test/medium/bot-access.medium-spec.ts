import { ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { BotAccess } from '../../src/bots/bot-access';
import { Bot } from '../../src/bots/bot.entity';
import { Messages } from '../../src/common/messages';
import { useFreshDatabase } from './support/database';
import { newAccount, newBot } from './support/factories';

describe('BotAccess on PostgreSQL', () => {
  const db = useFreshDatabase();

  async function refusal(work: Promise<unknown>): Promise<[number, string]> {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof HttpException)) throw new Error(`expected an HTTP error, got ${String(error)}`);
    return [error.getStatus(), error.message];
  }

  it("gives the account's own bot to its owner and team, to read or to manage by role", async () => {
    const account = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    const access = new BotAccess(db.dataSource.getRepository(Bot));

    const owned = await access.require({ accountId: account.id, teamRole: 'owner' }, bot.id, 'manage');
    expect([owned.id, owned.userId]).toEqual([bot.id, account.id]);
    const read = await access.require({ accountId: account.id, teamRole: 'observer' }, bot.id, 'read');
    expect(read.id).toBe(bot.id);
    expect((await access.require({ accountId: account.id, teamRole: 'administrator' }, bot.id, 'manage')).id).toBe(
      bot.id,
    );
    expect(await refusal(access.require({ accountId: account.id, teamRole: 'observer' }, bot.id, 'manage'))).toEqual([
      403,
      Messages.forbidden,
    ]);
  });

  it('answers 404 Bot not found for another account, a deleted bot and an id that is no UUID', async () => {
    const account = await newAccount(db.dataSource);
    const stranger = await newAccount(db.dataSource);
    const bot = await newBot(db.dataSource, account);
    const deleted = await newBot(db.dataSource, account);
    await db.dataSource.query(`UPDATE bots SET deleted_at = now() WHERE id = $1`, [deleted.id]);
    const access = new BotAccess(db.dataSource.getRepository(Bot));
    const notFound = [404, Messages.botNotFound];

    expect(await refusal(access.require({ accountId: stranger.id, teamRole: 'owner' }, bot.id, 'read'))).toEqual(
      notFound,
    );
    expect(await refusal(access.require({ accountId: account.id, teamRole: 'owner' }, deleted.id, 'read'))).toEqual(
      notFound,
    );
    expect(await refusal(access.require({ accountId: account.id, teamRole: 'owner' }, 'bot-1', 'read'))).toEqual(
      notFound,
    );
    // The role is checked first, as the route guards do: an observer learns nothing about the bot.
    const forbidden = access.require({ accountId: stranger.id, teamRole: 'observer' }, bot.id, 'manage');
    await expect(forbidden).rejects.toBeInstanceOf(ForbiddenException);
    await expect(access.require({ accountId: stranger.id, teamRole: 'owner' }, bot.id, 'read')).rejects.toBeInstanceOf(
      NotFoundException,
    );
  });
});
