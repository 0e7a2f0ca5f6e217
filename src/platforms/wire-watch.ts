import diagnosticsChannel from 'node:diagnostics_channel';

/** Called with the moment (Date.now()) a request's body was handed to its socket. */
export type OnWire = (at: number) => void;

/**
 * When a request really left, from undici's `undici:request:bodySent` channel: the call to `request()`
 * returns before the write, which undici makes on a later turn of the event loop (under CPU contention
 * 10–20 ms later). Broadcast pacing counts its one-second windows on these moments, not on the moment
 * it decided to send. The body Buffer identifies the request (undici keeps a Buffer body as it is).
 * The channel is subscribed only while some request is watched, so other traffic pays nothing.
 */
const watched = new Map<Buffer, OnWire>();
const bodySent = diagnosticsChannel.channel('undici:request:bodySent');
let subscribed = false;

function onBodySent(message: unknown): void {
  const body = (message as { request?: { body?: unknown } }).request?.body;
  if (!Buffer.isBuffer(body)) return;
  const onWire = watched.get(body);
  if (!onWire) return;
  watched.delete(body);
  onWire(Date.now());
}

/** Watches one request body until `stop()` (call it when the request has settled, sent or not). */
export function watchWire(body: Buffer, onWire: OnWire): () => void {
  if (!subscribed) bodySent.subscribe(onBodySent);
  subscribed = true;
  watched.set(body, onWire);
  return () => {
    watched.delete(body);
    if (watched.size || !subscribed) return;
    bodySent.unsubscribe(onBodySent);
    subscribed = false;
  };
}
