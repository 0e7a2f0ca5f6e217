import { Global, Module } from '@nestjs/common';
import { InFlightRequests } from './in-flight-requests';
import { Lifecycle } from './lifecycle';

/** The instance's running state and the requests it is answering, for a shutdown that loses nothing. */
@Global()
@Module({ providers: [Lifecycle, InFlightRequests], exports: [Lifecycle, InFlightRequests] })
export class LifecycleModule {}
