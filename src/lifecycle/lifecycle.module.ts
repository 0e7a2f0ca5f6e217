import { Global, Module } from '@nestjs/common';
import { InFlightRequests } from './in-flight-requests';
import { Lifecycle } from './lifecycle';

/** The instance's running state and the requests it is answering, for a shutdown that loses nothing. */
// Global: true infrastructure; every long-running piece watches the shutdown.
@Global()
@Module({ providers: [Lifecycle, InFlightRequests], exports: [Lifecycle, InFlightRequests] })
export class LifecycleModule {}
