import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { TeamsRepository } from '../auth/teams.repository';
import type { BotAlertRow } from '../bots/bot-alerts.repository';
import { describeError } from '../logging/describe-error';
import { MailService } from '../mail/mail.service';
import type { HealthBot } from './alert-conditions';
import { BOT_ALERT_OPENED, BOT_ALERT_RESOLVED, BotAlertEvent } from './alert-events';

const WHAT: Record<BotAlertRow['kind'], string> = {
  silence: 'бот перестал отвечать: входящие сообщения остаются без ответа',
  errors: 'платформа отклоняет много отправок бота (429 или ошибки 5xx)',
  target: 'адрес бота (target_url) не принимает обновления',
  polling: 'бот перестал забирать обновления (getUpdates / GET /updates)',
};

const moscow = (at: Date) =>
  `${at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'long', timeStyle: 'short' })} (МСК)`;

/**
 * Tells of an alert once when it opens and once when it resolves: the `bot.alert.*` event and one mail to each of
 * the owner and the team's administrators, in Russian. Called only by the check that opened or resolved the row,
 * so a check that found the alert already open tells nobody again.
 */
@Injectable()
export class AlertNotifier {
  private readonly logger = new Logger('BotAlerts');

  constructor(
    private readonly events: EventEmitter2,
    private readonly mail: MailService,
    private readonly teams: TeamsRepository,
  ) {}

  async opened(bot: HealthBot, alert: BotAlertRow): Promise<void> {
    this.emit(BOT_ALERT_OPENED, bot, alert);
    await this.send(bot, alert, {
      subject: `Botlens: проблема с ботом «${bot.name}»`,
      text:
        `С ботом «${bot.name}» проблема: ${WHAT[alert.kind]}.\n` +
        `С ${moscow(sinceOf(alert))}.\n\n` +
        `Подробности: ${JSON.stringify(alert.details)}\n\n` +
        `Мы напишем, когда всё наладится. Правила оповещений можно изменить в настройках бота в кабинете Botlens.\n`,
    });
  }

  async resolved(bot: HealthBot, alert: BotAlertRow): Promise<void> {
    this.emit(BOT_ALERT_RESOLVED, bot, alert);
    await this.send(bot, alert, {
      subject: `Botlens: бот «${bot.name}» снова в порядке`,
      text:
        `Проблема с ботом «${bot.name}» (${WHAT[alert.kind]}) закончилась ${moscow(alert.resolved_at ?? new Date())}.\n` +
        `Она началась ${moscow(sinceOf(alert))}.\n`,
    });
  }

  private emit(name: string, bot: HealthBot, alert: BotAlertRow): void {
    const event: BotAlertEvent = {
      userId: bot.userId,
      bot_id: bot.id,
      alert_id: alert.id,
      kind: alert.kind,
      opened_at: alert.opened_at.toISOString(),
      resolved_at: alert.resolved_at?.toISOString() ?? null,
      details: alert.details,
    };
    this.events.emit(name, event);
  }

  private async send(bot: HealthBot, alert: BotAlertRow, mail: { subject: string; text: string }): Promise<void> {
    try {
      const recipients = await this.teams.ownerAndAdministrators(bot.userId);
      await Promise.all(recipients.map((to) => this.mail.send({ to, ...mail })));
    } catch (error) {
      // The alert stands either way; the mail of this change is lost with the queue (it is logged).
      this.logger.error(`Mailing the ${alert.kind} alert of bot ${bot.id} failed: ${describeError(error)}`);
    }
  }
}

/** When the trouble began: what the rule saw (a silence's oldest message), else the alert's opening. */
function sinceOf(alert: BotAlertRow): Date {
  const since = alert.details.since;
  return typeof since === 'string' && Number.isFinite(Date.parse(since)) ? new Date(since) : alert.opened_at;
}
