import type { IncomingMessage } from 'node:http';
import { Transform, TransformCallback } from 'node:stream';

/** Spec limits: a mirrored request body may be up to 50 MB. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

/**
 * Bodies up to this size that are not multipart are read whole before forwarding: the mirror then
 * knows their parameters (getUpdates' timeout, copyMessage's chat, polling mode) and undici sends
 * them with the head in one write. Anything larger or multipart streams through untouched.
 */
export const SMALL_BODY_BYTES = 64 * 1024;

/** The body ran past MAX_BODY_BYTES while streaming (a chunked upload without a length). */
export class BodyTooLargeError extends Error {
  constructor() {
    super('request body exceeds the mirror limit');
  }
}

/** The request's body as declared: its length, -1 when chunked (length unknown), 0 when there is none. */
export function declaredBodyLength(req: IncomingMessage): number {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length);
  return req.headers['transfer-encoding'] === undefined ? 0 : -1;
}

export function isMultipart(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  return type !== undefined && type.length >= 9 && type.slice(0, 9).toLowerCase() === 'multipart';
}

/**
 * Reads a body already known to be small, then calls `done` with it. Plain listeners rather than a
 * promise: this runs on every send, where each promise costs (async hooks are on for request logging).
 * A client that goes away mid-body never gets `done`, and there is nobody left to answer.
 */
export function readSmallBody(req: IncomingMessage, done: (bytes: Buffer) => void): void {
  let first: Buffer | null = null;
  let rest: Buffer[] | null = null;
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (first === null) first = chunk;
    else (rest ??= [first]).push(chunk);
  });
  req.once('end', () => done(rest ? Buffer.concat(rest, size) : (first ?? Buffer.alloc(0))));
}

/**
 * The request body as a stream that fails with BodyTooLargeError past `limit` bytes. Piped rather
 * than destroyed on failure, so the socket survives long enough to carry the 413.
 */
export function limitedBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Transform {
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      total += chunk.length;
      if (total > limit) {
        req.unpipe(counter);
        done(new BodyTooLargeError());
      } else {
        done(null, chunk);
      }
    },
  });
  return req.pipe(counter);
}

/** The parameters of a JSON object or urlencoded body; null for anything else or anything unparseable. */
export function parseBodyParams(contentType: string | undefined, bytes: Buffer | null): Record<string, unknown> | null {
  if (!bytes || bytes.length === 0 || !contentType) return null;
  const type = contentType.toLowerCase();
  if (type.includes('json')) {
    try {
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) return parseQuery(bytes.toString('utf8'));
  return null;
}

/** Query or form parameters; the last value of a repeated name wins. */
export function parseQuery(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.length === 0) return params;
  for (const [name, value] of new URLSearchParams(search)) params[name] = value;
  return params;
}
