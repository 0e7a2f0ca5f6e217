import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { BotAlertsRepository } from '../bots/bot-alerts.repository';
import { AppConfig, runsWorkers } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { describeError } from '../logging/describe-error';
import { Metrics } from '../metrics/metrics';
import { Queues } from '../queue/job-settings';
import { QueueWorker } from '../queue/queue-worker';
import { AlertConditions } from './alert-conditions';
import { AlertNotifier } from './alert-notifier';

/** Evaluates every active bot's alert rules once, opening and resolving alerts (issue 27). */
@Injectable()
export class AlertCheck {
  constructor(
    private readonly conditions: AlertConditions,
    private readonly alerts: BotAlertsRepository,
    private readonly notifier: AlertNotifier,
  ) {}

  async run(now = new Date()): Promise<void> {
    const [bots, open] = await Promise.all([this.conditions.activeBots(), this.alerts.allOpen()]);
    const verdicts = await this.conditions.verdicts(bots, open, now);
    const botById = new Map(bots.map((b) => [b.id, b]));
    const openOf = new Map(open.map((a) => [`${a.bot_id}:${a.kind}`, a]));
    const judged = new Set<string>();
    for (const verdict of verdicts) {
      const key = `${verdict.botId}:${verdict.kind}`;
      judged.add(key);
      const alert = openOf.get(key);
      const bot = botById.get(verdict.botId)!;
      if (verdict.holds && !alert) {
        // Null when another check opened it first: the unique index lets one insert through.
        const opened = await this.alerts.open(bot.id, verdict.kind, verdict.details);
        if (opened) await this.notifier.opened(bot, opened);
      } else if (!verdict.holds && alert) {
        for (const resolved of await this.alerts.resolve([alert.id])) await this.notifier.resolved(bot, resolved);
      }
    }
    // A deactivated or deleted bot, or a rule turned off: its open alerts close without a word (it raises none).
    await this.alerts.resolve(open.filter((a) => !judged.has(`${a.bot_id}:${a.kind}`)).map((a) => a.id));
  }
}

/**
 * One repeatable job for the whole fleet every HEALTH_CHECK_INTERVAL_MS: BullMQ's job scheduler keeps a single
 * schedule in Redis however many instances start, and one worker takes each run.
 */
@Injectable()
export class AlertCheckSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('BotAlerts');

  constructor(
    @InjectQueue(Queues.botHealth) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    alerts: BotAlertsRepository,
    metrics: Metrics,
  ) {
    metrics.countOpenAlertsWith(() => alerts.openCounts());
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!runsWorkers(this.config)) return;
    try {
      await this.queue.upsertJobScheduler(
        'alert-check',
        { every: this.config.healthCheckIntervalMs },
        { name: 'check' },
      );
    } catch (error) {
      // Redis being away must not stop the start; the schedule stored by an earlier start still holds.
      this.logger.error(`Scheduling the alert check failed: ${describeError(error)}`);
    }
  }
}

@Injectable()
export class AlertCheckProcessor extends QueueWorker<unknown> {
  readonly queueName = Queues.botHealth;

  constructor(private readonly check: AlertCheck) {
    super();
  }

  async process(): Promise<void> {
    await this.check.run();
  }
}
