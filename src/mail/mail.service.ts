import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { MAIL_QUEUE, MailJob } from './mail.constants';

/** Queues outgoing mail, so a slow or briefly unreachable SMTP server never holds up a request. */
@Injectable()
export class MailService {
  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailJob>) {}

  async sendConfirmationCode(to: string, code: string): Promise<void> {
    await this.send({
      to,
      subject: `Botlens: код подтверждения ${code}`,
      text:
        `Ваш код подтверждения Botlens: ${code}\n\n` +
        `Введите его в кабинете в течение 15 минут. Если вы не регистрировались, просто проигнорируйте это письмо.\n`,
    });
  }

  async send(mail: MailJob): Promise<void> {
    await this.queue.add('send', mail, {
      attempts: 8,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }
}
