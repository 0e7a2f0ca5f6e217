import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { errorWithoutStack } from './describe-error';
import { redactUrl } from './redact';

function httpLogOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'req.headers["x-telegram-bot-api-secret-token"]',
        'req.headers["x-max-bot-api-secret"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // pino-http logs a failed request's error; its stack stays out of the log like every other.
      err: errorWithoutStack,
      req: (req: { id: unknown; method: string; url: string; headers: unknown; raw?: { ip?: string } }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        headers: req.headers,
        // Express's req.ip: the client as TRUST_PROXY lets it be read from X-Forwarded-For.
        address: req.raw?.ip,
      }),
    },
  };
}

/** Structured JSON logs with a request id on every line; credentials never reach a log line. */
@Module({})
export class LoggingModule {
  /** `destination` defaults to stdout; tests pass a stream to read what would be logged. */
  static forRoot(destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({ pinoHttp: [httpLogOptions(config), destination ?? process.stdout] }),
        }),
      ],
    };
  }
}
