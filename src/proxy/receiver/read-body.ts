import type { IncomingMessage } from 'node:http';

/** The webhook body went over the receiver's limit. */
export class BodyTooLargeError extends Error {}

/** The sender went away before the body ended; there is no one left to answer. */
export class SenderGoneError extends Error {}

/** Reads the whole request body, refusing it as soon as it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLargeError());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) return settle(() => reject(new BodyTooLargeError()));
      chunks.push(chunk);
    };
    const onEnd = (): void => settle(() => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    const onError = (): void => settle(() => reject(new SenderGoneError()));
    const settle = (finish: () => void): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onError);
      finish();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    // 'close' before 'end' means the connection dropped mid-body.
    req.on('close', onError);
  });
}
