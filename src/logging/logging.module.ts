import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { redactUrl } from './redact';

/** Structured JSON logs with a request id on every line; credentials never reach a log line. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
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
            req: (req: { id: unknown; method: string; url: string; headers: unknown }) => ({
              id: req.id,
              method: req.method,
              url: redactUrl(req.url),
              headers: req.headers,
            }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
