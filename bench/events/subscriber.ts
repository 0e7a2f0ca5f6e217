/**
 * The events benchmark's webhook subscriber, in a process of its own so that neither the load
 * generator nor the orchestrator can delay the moment a delivery is seen. It stamps each request on
 * the machine-wide monotonic clock (process.hrtime) as soon as its body has arrived, answers 200, and
 * on request (IPC `{ collect: true }`) hands back every delivery's message text and arrival time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as the orchestrator gets it: the message's text and when it arrived (ns, hrtime). */
export type Arrival = [text: string, atNs: string];

const arrivals: Array<{ body: string; at: bigint }> = [];

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    arrivals.push({ body: Buffer.concat(chunks).toString('utf8'), at: process.hrtime.bigint() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 }).end('{"ok":true}');
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: { collect?: boolean }) => {
  if (!message.collect) return;
  // Parsing waits until the run is over, so it never competes with stamping arrivals.
  const collected: Arrival[] = arrivals.map(({ body, at }) => [
    (JSON.parse(body) as { data: { text: string } }).data.text,
    String(at),
  ]);
  process.send?.({ arrivals: collected });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
