import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job } from 'bullmq';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { MailJob } from './mail.constants';

/** Delivers queued mail through SMTP_URL; without it, writes the mail to the log (development). */
@Injectable()
export class MailProcessor extends QueueWorker<MailJob> implements OnApplicationShutdown {
  readonly queueName = Queues.mail;
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  }

  async process(job: Job<MailJob>): Promise<void> {
    const { to, subject, text } = job.data;
    if (!this.transport) {
      // Development fallback asked for by the foundation issue: the mail, code included, goes to the log.
      this.logger.log(`Mail to ${to} (SMTP_URL unset): ${subject}\n${text}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.mailFrom, to, subject, text });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
