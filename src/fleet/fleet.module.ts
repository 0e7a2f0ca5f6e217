import { Module } from '@nestjs/common';
import { ChangeRelay } from './change-relay';

/** What makes several instances act as one deployment: change events relayed over Redis. */
@Module({ providers: [ChangeRelay] })
export class FleetModule {}
