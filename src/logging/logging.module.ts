import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, Global, Inject, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { Logger, PARAMS_PROVIDER_TOKEN, Params, PinoLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { pinoHttp, Options } from 'pino-http';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { errorWithoutStack } from './describe-error';
import { redactUrl } from './redact';

const LOG_DESTINATION = Symbol('LOG_DESTINATION');

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

/**
 * Structured JSON logs; credentials never reach a log line. Each API request gets a request id and
 * its own logger (`req.log`, pino-http), which writes the request's line and the unexpected errors met
 * while answering it (AllExceptionsFilter), both carrying the id. Nest's loggers (`new Logger(…)`)
 * write through the root logger.
 *
 * nestjs-pino's own middleware is left out on purpose: it binds each request's logger with an
 * AsyncLocalStorage, and in Node 20 the first such request turns on a promise hook for the whole
 * process, so every promise the mirror and the ingest make paid for it (≈ 2% of the app's CPU per
 * mirrored send in bench/mirror.ts), for the request id on the few lines services log mid-request.
 */
@Global()
@Module({})
export class LoggingModule implements NestModule {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOG_DESTINATION) private readonly destination: DestinationStream,
  ) {}

  /** `destination` defaults to stdout; tests pass a stream to read what would be logged. */
  static forRoot(destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      providers: [
        { provide: LOG_DESTINATION, useValue: destination ?? process.stdout },
        {
          // Read by nestjs-pino's PinoLogger: the root logger Nest's loggers write through.
          provide: PARAMS_PROVIDER_TOKEN,
          inject: [APP_CONFIG, LOG_DESTINATION],
          useFactory: (config: AppConfig, stream: DestinationStream): Params => ({
            pinoHttp: [httpLogOptions(config), stream],
          }),
        },
        PinoLogger,
        Logger,
      ],
      exports: [PinoLogger, Logger],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(pinoHttp(httpLogOptions(this.config), this.destination))
      .forRoutes({ path: '*', method: RequestMethod.ALL });
  }
}
