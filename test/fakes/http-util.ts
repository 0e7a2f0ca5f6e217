import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { IncomingMessage, request as httpRequest, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the content, so tests can prove an upload arrived byte for byte. */
  sha256: string;
}

export interface RequestBody {
  fields: Record<string, unknown>;
  files: UploadedFile[];
  /** The bytes of a non-multipart body as received (null for multipart). */
  raw: Buffer | null;
}

export interface HttpReply {
  status: number;
  body: string;
  contentType: string;
}

/** Thrown for a body the fakes cannot parse; the platform fakes turn it into their own 400. */
export class BadBodyError extends Error {}

export function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a JSON, urlencoded or multipart body; any other content type yields no fields. */
export async function readBody(req: IncomingMessage): Promise<RequestBody> {
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('multipart/form-data')) return readMultipart(req);
  const bytes = await readRawBody(req);
  const raw = bytes.toString('utf8');
  if (raw.trim() === '') return { fields: {}, files: [], raw: bytes };
  if (contentType.includes('json')) return { fields: parseJsonObject(raw), files: [], raw: bytes };
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return { fields: Object.fromEntries(new URLSearchParams(raw)), files: [], raw: bytes };
  }
  return { fields: {}, files: [], raw: bytes };
}

function parseJsonObject(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new BadBodyError('body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadBodyError('JSON body must be an object');
  }
  return value as Record<string, unknown>;
}

function readMultipart(req: IncomingMessage): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers });
    } catch (error) {
      reject(new BadBodyError(`bad multipart body: ${String(error)}`));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const file: UploadedFile = { field, filename: info.filename ?? '', mimeType: info.mimeType, size: 0, sha256: '' };
      files.push(file);
      const hash = createHash('sha256');
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
        hash.update(chunk);
      });
      stream.on('end', () => {
        file.sha256 = hash.digest('hex');
      });
    });
    parser.on('close', () => resolve({ fields, files, raw: null }));
    parser.on('error', (error) => reject(new BadBodyError(`bad multipart body: ${String(error)}`)));
    req.pipe(parser);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** A one-shot POST without connection pooling, so no socket outlives the call. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpReply> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            contentType: res.headers['content-type'] ?? '',
          }),
        );
      },
    );
    // Both platforms give up on a webhook after 30 s.
    req.setTimeout(30_000, () => req.destroy(new Error('webhook timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

// Query and form values arrive as strings, JSON values keep their type: these coerce both.

export function asString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : String(value);
}

export function asInt(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

export function asBool(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** Objects outside JSON bodies (reply_markup, allowed_updates) are sent as JSON strings. */
export function asJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  return Math.min(max, Math.max(min, value));
}
