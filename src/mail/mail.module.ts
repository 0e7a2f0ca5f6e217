import { Module } from '@nestjs/common';
import { jobQueue } from '../queue/job-queue';
import { MAIL_QUEUE } from './mail.constants';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';

@Module({
  imports: [jobQueue(MAIL_QUEUE)],
  providers: [MailService, MailProcessor],
  exports: [MailService],
})
export class MailModule {}
