import type { AppConfig } from '../config/config';
import type { RedisClient } from '../queue/redis';
import { SendPacer } from './send-pacer';

/** The in-process window (beforeDispatch) needs no Redis; 3 sends per window keep the test short. */
function pacer(limit = 3): SendPacer {
  return new SendPacer({} as RedisClient, { broadcastRatePerSecond: limit, redisKeyPrefix: 'test' } as AppConfig);
}

describe('SendPacer.beforeDispatch', () => {
  it('counts a send from the moment its request left, not from the decision', async () => {
    const pace = pacer();
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      const send = await pace.beforeDispatch('bot');
      // The bytes left 300 ms after the decision (a stalled event loop).
      send.onWire(started + 300);
      send.settle();
    }

    await pace.beforeDispatch('bot');
    // The fourth may start 1,025 ms after the others left, not after they were decided.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300 + 1025);
  });

  it('counts a send still in flight as inside the window until it settles', async () => {
    const pace = pacer();
    const started = Date.now();
    const inFlight = [
      await pace.beforeDispatch('bot'),
      await pace.beforeDispatch('bot'),
      await pace.beforeDispatch('bot'),
    ];
    // Still queued when their decision leaves the window; they leave at 1,200 ms.
    setTimeout(() => {
      for (const send of inFlight) {
        send.onWire(started + 1200);
        send.settle();
      }
    }, 1200);

    await pace.beforeDispatch('bot');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200 + 1025);
  });

  it('keeps each bot to its own window', async () => {
    const pace = pacer();
    const started = Date.now();
    for (let i = 0; i < 3; i++) (await pace.beforeDispatch('one')).settle();
    (await pace.beforeDispatch('two')).settle();
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('gives up waiting when aborted', async () => {
    const pace = pacer(1);
    (await pace.beforeDispatch('bot')).settle();
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    await expect(pace.beforeDispatch('bot', stop.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
