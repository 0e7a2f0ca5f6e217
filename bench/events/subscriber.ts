/**
 * The events benchmark's webhook subscriber, in a process of its own so that neither the load
 * generator nor the orchestrator can delay the moment a delivery is seen. It stamps each request on
 * the machine-wide monotonic clock (process.hrtime) as soon as its body has arrived, answers 200, and
 * on request (IPC `{ collect: true, prefix? }`) hands back each delivery's message text and arrival time (those whose
 * text starts with `prefix`). Every subscription of a run posts to it, so one message arrives once per subscription.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A delivery as the orchestrator gets it: the message's text and when it arrived (ns, hrtime). */
export type Arrival = [text: string, atNs: string];

const arrivals: Array<{ body: string; at: bigint; text?: string }> = [];

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    arrivals.push({ body: Buffer.concat(chunks).toString('utf8'), at: process.hrtime.bigint() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 11 }).end('{"ok":true}');
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: { collect?: boolean; prefix?: string }) => {
  if (!message.collect) return;
  // Parsing waits until the phase is over, so it never competes with stamping arrivals; each body is parsed once.
  const collected: Arrival[] = [];
  for (const arrival of arrivals) {
    arrival.text ??= (JSON.parse(arrival.body) as { data: { text: string } }).data.text;
    if (!message.prefix || arrival.text.startsWith(message.prefix)) collected.push([arrival.text, String(arrival.at)]);
  }
  process.send?.({ arrivals: collected });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
