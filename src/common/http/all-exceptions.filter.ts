import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import { isDatabaseUnavailable, isRefusedValue } from '../../database/database-errors';
import { Messages } from '../messages';
import { describeError } from '../../logging/describe-error';

/**
 * Shapes every error as `{ message }` (plus `provider` on platform failures). Nothing internal leaks:
 * an unexpected error is logged and answered 500 with a fixed message.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof HttpException) {
      response.status(exception.getStatus()).json(errorBody(exception));
      return;
    }
    if (isStoreUnavailable(exception)) {
      // PostgreSQL or Redis is down: the client may retry; the outage itself is logged once by its connection.
      response.status(HttpStatus.SERVICE_UNAVAILABLE).json({ message: Messages.unavailable });
      return;
    }
    if (isRefusedValue(exception)) {
      // A value from the request PostgreSQL cannot take (a NUL in a path parameter): the client's to fix.
      response.status(HttpStatus.BAD_REQUEST).json({ message: Messages.refusedValue });
      return;
    }
    // The request's own logger (pino-http's) puts its request id on the line; see LoggingModule.
    const requestLog = host.switchToHttp().getRequest<Request & { log?: PinoLogger }>().log;
    if (requestLog) requestLog.error({ context: 'Errors' }, describeError(exception));
    else this.logger.error(describeError(exception));
    response.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: Messages.internal });
  }
}

/** PostgreSQL cannot be reached, or a Redis command gave up on its reconnecting client. */
function isStoreUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  return (
    error instanceof Error && (error.name === 'MaxRetriesPerRequestError' || error.message === 'Connection is closed.')
  );
}

function errorBody(exception: HttpException): Record<string, unknown> {
  const payload = exception.getResponse();
  if (typeof payload === 'string') return { message: payload };
  const { message, provider } = payload as { message?: unknown; provider?: unknown };
  const text = Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : exception.message;
  return provider === undefined ? { message: text } : { message: text, provider };
}
