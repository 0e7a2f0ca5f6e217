import type { ServerResponse } from 'node:http';
import type { Platform } from './platform';

/**
 * The mirror's own answers. Bot libraries parse them like the platform's, so everything but the
 * contract's 502 is in the platform's error format: Telegram `{ok:false,error_code,description}`,
 * MAX `{code,message}` (platforms.md §1).
 */
export type MirrorRefusal = 'unauthorized' | 'deactivated' | 'notFound' | 'tooLarge' | 'unavailable' | 'internal';

export const TELEGRAM_REFUSALS: Record<MirrorRefusal, { ok: false; error_code: number; description: string }> = {
  unauthorized: { ok: false, error_code: 401, description: 'Unauthorized' },
  deactivated: { ok: false, error_code: 403, description: 'Forbidden: bot is deactivated in Botlens' },
  notFound: { ok: false, error_code: 404, description: 'Not Found' },
  tooLarge: { ok: false, error_code: 413, description: 'Request Entity Too Large' },
  unavailable: {
    ok: false,
    error_code: 503,
    description: 'Service Unavailable: Botlens cannot check the bot right now',
  },
  internal: { ok: false, error_code: 500, description: 'Internal Server Error' },
};

export const MAX_REFUSALS: Record<MirrorRefusal, { status: number; body: { code: string; message: string } }> = {
  unauthorized: { status: 401, body: { code: 'verify.token', message: 'Invalid access_token' } },
  deactivated: { status: 403, body: { code: 'bot.deactivated', message: 'Bot is deactivated in Botlens' } },
  notFound: { status: 404, body: { code: 'not.found', message: 'Path is not recognized' } },
  tooLarge: { status: 413, body: { code: 'request.too.large', message: 'Request body exceeds 50 MB' } },
  unavailable: {
    status: 503,
    body: { code: 'service.unavailable', message: 'Botlens cannot check the bot right now' },
  },
  internal: { status: 500, body: { code: 'internal.error', message: 'Internal server error' } },
};

interface Prepared {
  status: number;
  payload: Buffer;
}

// Serialised once: refusals are cheap even when a misconfigured bot hammers the mirror.
const prepared: Record<Platform, Record<MirrorRefusal, Prepared>> = {
  telegram: mapRefusals((r) => ({ status: TELEGRAM_REFUSALS[r].error_code, payload: json(TELEGRAM_REFUSALS[r]) })),
  max: mapRefusals((r) => ({ status: MAX_REFUSALS[r].status, payload: json(MAX_REFUSALS[r].body) })),
};

export function refuse(res: ServerResponse, platform: Platform, refusal: MirrorRefusal): void {
  const { status, payload } = prepared[platform][refusal];
  // A refused upload may still be streaming in; closing is cheaper than draining it.
  if (refusal === 'tooLarge') res.shouldKeepAlive = false;
  writeJson(res, status, payload);
}

/** Contract §4: a network failure or timeout towards the platform is 502 `{ message: '<tag> <code>' }`. */
export function badGateway(res: ServerResponse, platform: Platform, code: string): void {
  writeJson(res, 502, json({ message: `${platform} ${code}` }));
}

function writeJson(res: ServerResponse, status: number, payload: Buffer): void {
  res.writeHead(status, ['content-type', 'application/json', 'content-length', String(payload.length)]);
  res.end(payload);
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function mapRefusals(build: (refusal: MirrorRefusal) => Prepared): Record<MirrorRefusal, Prepared> {
  const refusals: MirrorRefusal[] = ['unauthorized', 'deactivated', 'notFound', 'tooLarge', 'unavailable', 'internal'];
  return Object.fromEntries(refusals.map((r) => [r, build(r)])) as Record<MirrorRefusal, Prepared>;
}
