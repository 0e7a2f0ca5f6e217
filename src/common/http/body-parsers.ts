import type { ErrorRequestHandler, RequestHandler } from 'express';
import { json, urlencoded } from 'express';
import { Messages } from '../messages';

/**
 * Body parsing for the JSON API only. The mirror and the proxy stream bodies themselves and
 * must never see a parser, so this is mounted on the API prefixes rather than globally.
 */
export function apiBodyParsers(limit = '1mb'): Array<RequestHandler | ErrorRequestHandler> {
  return [json({ limit, verify: refuseDeepNesting }), urlencoded({ extended: false, limit }), bodyParserErrors];
}

/**
 * Deeper than any body the API takes (the deepest, a funnel config or a segment, is under 5 levels).
 * JSON.parse takes any depth, but what walks the value afterwards (validation, class-transformer)
 * recurses, and a 20 kB `[[[[…` overflowed the stack: a 500 instead of a 400.
 */
export const MAX_JSON_DEPTH = 32;
const TOO_DEEP = 'entity.too.deep';

/** Refuses a body nested deeper than MAX_JSON_DEPTH, read from its bytes before it is parsed. */
function refuseDeepNesting(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH))
    throw Object.assign(new Error('JSON nested too deep'), { status: 400, type: TOO_DEEP });
}

/** Whether JSON text opens more than `max` arrays or objects at once (brackets inside strings do not count). */
export function jsonDepthExceeds(json: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

const bodyParserErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed' || type === TOO_DEEP) {
    res.status(400).json({ message: Messages.malformedJson });
  } else if (type === 'entity.too.large') {
    res.status(413).json({ message: Messages.bodyTooLarge });
  } else if (typeof (error as { status?: number }).status === 'number' && (error as { status: number }).status < 500) {
    res.status((error as { status: number }).status).json({ message: (error as Error).message });
  } else {
    next(error);
  }
};
