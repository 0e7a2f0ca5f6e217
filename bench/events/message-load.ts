/**
 * The events benchmark's load generator, in a process of its own. One IPC message `MessageLoad`
 * posts `rate` Telegram messages per second for `seconds` to the proxy receiver (`connections` keep-alive
 * connections) and answers, for each message the proxy acknowledged with 200 (its commit), the
 * message's text and the moment the answer arrived on the machine-wide monotonic clock.
 */
import { Pool } from 'undici';

export interface MessageLoad {
  baseUrl: string;
  path: string;
  rate: number;
  seconds: number;
  /** Texts are `<prefix><n>`, so a warm-up and the measured run never share one. */
  prefix: string;
  /** Update ids start after this, so no update of an earlier phase is a duplicate. */
  firstUpdateId: number;
  /**
   * Requests in flight at most: the rate is reached only while rate × the proxy's answer time stays under it
   * (64 connections and 32 ms answers cap it at 2,000/s).
   */
  connections: number;
}

/** [text, acknowledged at (ns, hrtime)] for every message answered 200. */
export type Acknowledged = [text: string, atNs: string];

export interface MessageLoadResult {
  posted: number;
  postSeconds: number;
  acknowledged: Acknowledged[];
}

const USERS = 500;

export async function runMessageLoad(load: MessageLoad): Promise<MessageLoadResult> {
  const pool = new Pool(load.baseUrl, { connections: load.connections });
  const total = Math.round(load.rate * load.seconds);
  const acknowledged: Acknowledged[] = [];
  const posts: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / load.rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const text = `${load.prefix}${i}`;
    const userId = 1000 + (i % USERS);
    const updateId = load.firstUpdateId + i + 1;
    const update = {
      update_id: updateId,
      message: {
        message_id: updateId,
        from: { id: userId, is_bot: false, first_name: 'U' },
        chat: { id: userId, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text,
      },
    };
    posts.push(
      pool
        .request({
          method: 'POST',
          path: load.path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(update),
        })
        .then(async (res) => {
          // Stamped when the answer's head arrives: the proxy answers only after the commit.
          const at = process.hrtime.bigint();
          await res.body.dump();
          if (res.statusCode === 200) acknowledged.push([text, String(at)]);
        }),
    );
  }
  await Promise.all(posts);
  const postSeconds = (performance.now() - started) / 1000;
  await pool.close();
  return { posted: total, postSeconds, acknowledged };
}

if (require.main === module) {
  process.on('message', (load: MessageLoad) => {
    void runMessageLoad(load).then((result) => process.send?.(result));
  });
  process.send?.({ ready: true });
}
