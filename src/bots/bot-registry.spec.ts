import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { BotRegistry } from './bot-registry';
import type { Bot } from './bot.entity';
import type { BotsService } from './bots.service';

const row = (fields: Partial<Bot> = {}): Bot =>
  ({
    id: 'bot-1',
    userId: 'user-1',
    platform: 'telegram',
    active: true,
    targetUrl: null,
    utmKey: 'utm_source',
    proxySecret: 'secret',
    webhookSecret: null,
    ...fields,
  }) as Bot;

describe('BotRegistry: the mirror resolves known bots without waiting on PostgreSQL', () => {
  let now: number;
  let findOneBy: jest.Mock<Promise<Bot | null>, [unknown]>;
  let registry: BotRegistry;
  let tokenHash: jest.Mock<string, [string, string]>;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    findOneBy = jest.fn();
    tokenHash = jest.fn((platform: string, token: string) => `${platform}:${token}`);
    const bots = { tokenHash };
    registry = new BotRegistry({ findOneBy } as unknown as Repository<Bot>, bots as unknown as BotsService);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers a known bot from memory for 30 s after loading it once', async () => {
    findOneBy.mockResolvedValue(row());
    expect(registry.peekByToken('telegram', 'T')).toBeUndefined();
    await expect(registry.findByToken('telegram', 'T')).resolves.toMatchObject({ id: 'bot-1', active: true });
    now += 29_999;
    expect(registry.peekByToken('telegram', 'T')).toMatchObject({ id: 'bot-1' });
    await registry.findByToken('telegram', 'T');
    expect(findOneBy).toHaveBeenCalledTimes(1);
    expect(findOneBy).toHaveBeenCalledWith(expect.objectContaining({ platform: 'telegram', tokenHash: 'telegram:T' }));
  });

  it('serves the stale entry of a known bot while the database is unreachable', async () => {
    findOneBy.mockResolvedValueOnce(row());
    await registry.findByToken('telegram', 'T');
    now += 30_000;
    expect(registry.peekByToken('telegram', 'T')).toBeUndefined();
    findOneBy.mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    await expect(registry.findByToken('telegram', 'T')).resolves.toMatchObject({ id: 'bot-1' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(warn).toHaveBeenCalledWith(
      'Refreshing a bot entry failed, serving the cached one: connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('answers a known bot at once even while the database hangs, refreshing behind it', async () => {
    findOneBy.mockResolvedValueOnce(row());
    await registry.findByToken('telegram', 'T');
    now += 60_000;
    findOneBy.mockReturnValueOnce(new Promise(() => undefined));
    await expect(registry.findByToken('telegram', 'T')).resolves.toMatchObject({ id: 'bot-1' });
    await expect(registry.findByToken('telegram', 'T')).resolves.toMatchObject({ id: 'bot-1' });
    expect(findOneBy).toHaveBeenCalledTimes(2);
  });

  it('fails for a token it has never seen while the database is unreachable', async () => {
    findOneBy.mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    await expect(registry.findByToken('telegram', 'unknown')).rejects.toThrow('ECONNREFUSED');
  });

  it('remembers an unknown token for 5 s only', async () => {
    findOneBy.mockResolvedValue(null);
    await expect(registry.findByToken('max', 'nope')).resolves.toBeNull();
    expect(registry.peekByToken('max', 'nope')).toBeNull();
    now += 5_000;
    expect(registry.peekByToken('max', 'nope')).toBeUndefined();
  });

  it('drops a bot at once on a bot.changed event (e.g. deactivation)', async () => {
    findOneBy.mockResolvedValueOnce(row());
    await registry.findByToken('telegram', 'T');
    registry.onBotChanged({ type: 'bot.changed', botId: 'bot-1' });
    expect(registry.peekByToken('telegram', 'T')).toBeUndefined();
    findOneBy.mockResolvedValueOnce(row({ active: false }));
    await expect(registry.findByToken('telegram', 'T')).resolves.toMatchObject({ active: false });
  });

  it("hashes a known bot's token once, an unknown token on every call", async () => {
    findOneBy.mockImplementation(async (where) =>
      (where as { tokenHash: string }).tokenHash === 'telegram:T' ? row() : null,
    );
    await registry.findByToken('telegram', 'T');
    await registry.findByToken('telegram', 'nope');
    tokenHash.mockClear();
    for (let i = 0; i < 3; i++) {
      expect(registry.peekByToken('telegram', 'T')).toMatchObject({ id: 'bot-1' });
      expect(registry.peekByToken('telegram', 'nope')).toBeNull();
    }
    expect(tokenHash.mock.calls).toEqual([
      ['telegram', 'T'],
      ['telegram', 'nope'],
      ['telegram', 'nope'],
      ['telegram', 'nope'],
    ]);
    expect(registry.peekByToken('max', 'T')).toBeUndefined();
  });

  it('loads a bot once for concurrent lookups', async () => {
    let release!: (bot: Bot) => void;
    findOneBy.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const lookups = [registry.findByToken('telegram', 'T'), registry.findByToken('telegram', 'T')];
    release(row());
    await expect(Promise.all(lookups)).resolves.toHaveLength(2);
    expect(findOneBy).toHaveBeenCalledTimes(1);
  });
});
