import { Global, Module } from '@nestjs/common';
import { CaptureService } from './capture.service';

/** Turns traffic into stored facts; global so the mirror and the proxy can hand traffic over. */
@Global()
@Module({
  providers: [CaptureService],
  exports: [CaptureService],
})
export class IngestModule {}
