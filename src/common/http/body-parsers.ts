import type { ErrorRequestHandler, RequestHandler } from 'express';
import { json, urlencoded } from 'express';
import { Messages } from '../messages';

/**
 * Body parsing for the JSON API only. The mirror and the proxy stream bodies themselves and
 * must never see a parser, so this is mounted on the API prefixes rather than globally.
 */
export function apiBodyParsers(limit = '1mb'): Array<RequestHandler | ErrorRequestHandler> {
  return [json({ limit }), urlencoded({ extended: false, limit }), bodyParserErrors];
}

const bodyParserErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    res.status(400).json({ message: Messages.malformedJson });
  } else if (type === 'entity.too.large') {
    res.status(413).json({ message: Messages.bodyTooLarge });
  } else if (typeof (error as { status?: number }).status === 'number' && (error as { status: number }).status < 500) {
    res.status((error as { status: number }).status).json({ message: (error as Error).message });
  } else {
    next(error);
  }
};
