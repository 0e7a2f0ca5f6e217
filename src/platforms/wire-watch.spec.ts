import diagnosticsChannel from 'node:diagnostics_channel';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { PlatformUnreachableException } from './platform-errors';
import { postToPlatform } from './platform-messenger';

describe('postToPlatform with onWire', () => {
  let server: Server;
  let url: string;
  const agent = new Agent({ connections: 4 });
  const bodySent = diagnosticsChannel.channel('undici:request:bodySent');

  beforeAll(async () => {
    // Answers after 50 ms, so the moment the request left and the moment it was answered are far apart.
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('{"ok":true,"result":{}}'), 50));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sendMessage`;
  });

  afterAll(async () => {
    await agent.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports once when the body left, before the answer, and stops listening afterwards', async () => {
    const wires: number[] = [];
    const before = Date.now();
    const outcome = await postToPlatform(agent, 'telegram', url, {}, '{"chat_id":1}', 5000, (at) => wires.push(at));
    const answered = Date.now();

    expect(outcome).toEqual({ accepted: true, answer: { ok: true, result: {} }, result: {} });
    expect(wires).toHaveLength(1);
    expect(wires[0]).toBeGreaterThanOrEqual(before);
    expect(wires[0]).toBeLessThanOrEqual(answered - 40);
    expect(bodySent.hasSubscribers).toBe(false);
  });

  it('never reports a call that could not leave, and stops listening too', async () => {
    const wires: number[] = [];
    const closed = 'http://127.0.0.1:1/sendMessage';

    await expect(
      postToPlatform(agent, 'telegram', closed, {}, '{"chat_id":1}', 5000, (at) => wires.push(at)),
    ).rejects.toBeInstanceOf(PlatformUnreachableException);
    expect(wires).toEqual([]);
    expect(bodySent.hasSubscribers).toBe(false);
  });

  it('tells each of several calls in flight its own moment', async () => {
    const wires = new Map<number, number>();
    await Promise.all(
      [1, 2, 3].map((chat) =>
        postToPlatform(agent, 'telegram', url, {}, `{"chat_id":${chat}}`, 5000, (at) => wires.set(chat, at)),
      ),
    );
    expect([...wires.keys()].sort()).toEqual([1, 2, 3]);
    expect(bodySent.hasSubscribers).toBe(false);
  });
});
