import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { apiBodyParsers } from './common/http/body-parsers';
import { createValidationPipe } from './common/http/validation';
import { AppConfig } from './config/config';
import { prepareDatabase } from './database/prepare-database';
import { mountCabinet } from './cabinet/mount-cabinet';
import { RedisIoAdapter } from './live/redis-io-adapter';
import { ConnectionWatch } from './metrics/connection-watch';
import { InFlightRequests } from './lifecycle/in-flight-requests';
import { mountRawRoutes } from './mount-raw-routes';
import { setupOpenApi } from './openapi';

export interface CreateAppOptions extends AppModuleOptions {
  /** The OpenAPI document is built when first asked for rather than before listening (see setupOpenApi). */
  openApiOnFirstRequest?: boolean;
}

/**
 * Builds the whole service, ready to listen. Used by main.ts and by the e2e tests alike.
 */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const { openApiOnFirstRequest = false, ...moduleOptions } = options;
  await prepareDatabase(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, moduleOptions), {
    bufferLogs: true,
    // Bodies are parsed on the JSON API prefix only; the mirror and proxy stream theirs untouched.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // Behind a load balancer the client's address is in X-Forwarded-For: req.ip (sign-in limits, logs) reads it there.
  app.set('trust proxy', config.trustProxy);
  // The hot paths (mirror, proxy receiver) answer on the HTTP server ahead of Express: no router, parser or Nest pipeline.
  mountRawRoutes(app);
  // In front of both, so a shutdown waits for every request in flight.
  app.get(InFlightRequests).mount(app.getHttpServer());
  // The cabinet answers GET pages and assets outside /api, /tg, /max, /proxy and /health only.
  mountCabinet(app, config.cabinetDir);
  app.use('/api', ...apiBodyParsers());
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  // Live dialogs (socket.io at /api/ws) share the HTTP listener; Redis carries them between instances.
  app.useWebSocketAdapter(new RedisIoAdapter(app, config, app.get(ConnectionWatch)));
  setupOpenApi(app, openApiOnFirstRequest);
  return app;
}
