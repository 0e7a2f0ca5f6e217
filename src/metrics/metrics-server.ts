import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { describeError } from '../logging/describe-error';
import { Metrics } from './metrics';

/**
 * `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), never on the public port.
 * A listener that cannot start is logged and skipped: metrics never stop the service.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === 0) return;
    const server = createServer((req, res) => void this.answer(req, res));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.config.metricsPort, this.config.metricsHost, () => resolve());
      });
      this.server = server;
    } catch (error) {
      this.logger.error(
        `Metrics listener on ${this.config.metricsHost}:${this.config.metricsPort} did not start: ${describeError(error)}`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await this.metrics.registry.metrics();
      res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(body);
    } catch (error) {
      this.logger.error(`Metrics could not be collected: ${describeError(error)}`);
      res.writeHead(500).end();
    }
  }
}
