import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express } from 'express';
import { ProxyReceiver } from './receiver/proxy-receiver';

/**
 * Mounts the proxy-webhook receiver (`POST /proxy/:botId/:secret`) ahead of Nest's router and body
 * parsers: a plain Express route, so a pushed update pays for no parser or Nest pipeline.
 */
export function mountProxy(app: NestExpressApplication): void {
  const receiver = app.get(ProxyReceiver);
  const express = app.getHttpAdapter().getInstance() as Express;
  express.post('/proxy/:botId/:secret', (req, res) => {
    void receiver.handle(req, res, String(req.params.botId), String(req.params.secret));
  });
}
