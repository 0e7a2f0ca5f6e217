import { Global, Module } from '@nestjs/common';
import { ConnectionWatch } from './connection-watch';
import { Metrics } from './metrics';
import { MetricsServer } from './metrics-server';

/** The home of every metric of the service, their listener (see metrics-server.ts) and the connections' error listeners. */
// Global: true infrastructure; every connection and hot path reports here.
@Global()
@Module({ providers: [Metrics, MetricsServer, ConnectionWatch], exports: [Metrics, ConnectionWatch] })
export class MetricsModule {}
