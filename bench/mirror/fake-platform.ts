import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The benchmark's platform: a Telegram-shaped API that answers at once. `getMe` lets the bot be
 * bound; `sendMessage` returns a private-chat Message with a fresh message_id each time, so every
 * mirrored send is a distinct fact. Runs in its own process so it never competes with the load
 * generator's event loop.
 */
export const BENCH_CHAT_ID = 424242;

let nextMessageId = 1;
const sendsByToken = new Map<string, number>();

function answer(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const method = /^\/bot((\d+):[^/]+)\/([^/?]+)/.exec(req.url ?? '');
  req.resume();
  req.on('end', () => {
    if (!method) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, botId, name] = method;
    const bot = { id: Number(botId), is_bot: true, first_name: 'Bench', username: 'bench_bot' };
    switch (name.toLowerCase()) {
      case 'getme':
        return answer(res, 200, { ok: true, result: bot });
      case 'sendmessage':
        sendsByToken.set(token, (sendsByToken.get(token) ?? 0) + 1);
        return answer(res, 200, {
          ok: true,
          result: {
            message_id: nextMessageId++,
            from: bot,
            chat: { id: BENCH_CHAT_ID, type: 'private', first_name: 'Reader' },
            date: Math.floor(Date.now() / 1000),
            text: 'Hello from the benchmark',
          },
        });
      default:
        return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
  });
}

if (require.main === module) {
  const server = createServer({ keepAliveTimeout: 60_000 }, handle);
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  // The benchmark asks how many sendMessage calls a token made, to check every one was recorded.
  process.on('message', (question: { sendsOf: string }) => process.send?.(sendsByToken.get(question.sendsOf) ?? 0));
  process.on('SIGTERM', () => process.exit(0));
}
