import { AuthModule } from '../auth/auth.module';
import { Module } from '@nestjs/common';
import { CleanupProcessor, CLEANUP_QUEUE, CleanupSchedule } from './cleanup.queue';
import { jobQueue } from '../queue/job-queue';
import { CleanupService } from './cleanup.service';
import { MessagePartitions } from './message-partitions';
import { RawRetentionService } from './raw-retention.service';

/**
 * The final cleanup of deleted accounts and bots, aged raw copies and the monthly partitions of messages, run hourly
 * on its own BullMQ queue.
 */
@Module({
  imports: [jobQueue(CLEANUP_QUEUE), AuthModule],
  providers: [CleanupService, RawRetentionService, MessagePartitions, CleanupSchedule, CleanupProcessor],
  exports: [CleanupService, RawRetentionService, MessagePartitions],
})
export class CleanupModule {}
