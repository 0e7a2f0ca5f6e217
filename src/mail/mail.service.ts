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

  /** Once a month at most: the free plan's cap was reached (src/ingest/recording-cap/). */
  async sendRecordingCapReached(to: string, cap: number): Promise<void> {
    await this.send({
      to,
      subject: 'Botlens: достигнут месячный лимит бесплатного тарифа',
      text:
        `Ваш аккаунт Botlens достиг месячного лимита бесплатного тарифа: записано сообщений — ${cap}.\n\n` +
        `Ваши боты продолжают работать: Botlens по-прежнему пересылает все их запросы и обновления без изменений.\n` +
        `Но до конца месяца новые сообщения, контакты и события не записываются в статистику.\n\n` +
        `Запись возобновится 1-го числа следующего месяца (UTC) или сразу после перехода на платный тариф в кабинете.\n`,
    });
  }

  async send(mail: MailJob): Promise<void> {
    // Attempts, backoff and retention: the mail queue's settings (queueSettings).
    await this.queue.add('send', mail);
  }
}
