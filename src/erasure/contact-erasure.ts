import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { RecipientStore } from '../broadcasts/recipient-store';
import { Messages } from '../common/messages';
import { FunnelReachStore } from '../funnels/funnel-reach.store';
import { ButtonPresses } from '../ingest/button-presses';
import { ContactsRepository } from '../ingest/contacts.repository';
import { HourlyStats } from '../ingest/hourly-stats';
import { ReplyTimes } from '../ingest/reply-times';
import { RetentionActivity } from '../ingest/retention-activity';
import { RevenueDays } from '../ingest/revenue-days';
import { IntentsService } from '../intents/intents.service';
import { LinkClicks } from '../links/link-clicks';
import type { ContactDataOwner } from '../common/contact-data-owner';

/**
 * Erases one person's data from a bot (a data subject's request under 152-FZ or the GDPR): every owner of rows
 * that reference the contact deletes them and corrects its counters, all in one transaction, and the audit log
 * says who erased which bot's contact (its row id, no personal data). A new table that references contacts
 * adds its owner to `owners`.
 */
@Injectable()
export class ContactErasure {
  private readonly owners: ContactDataOwner[];

  constructor(
    private readonly db: DataSource,
    private readonly access: BotAccess,
    private readonly audit: AuditLog,
    private readonly contacts: ContactsRepository,
    intents: IntentsService,
    funnels: FunnelReachStore,
    broadcasts: RecipientStore,
    replyTimes: ReplyTimes,
    presses: ButtonPresses,
    hourly: HourlyStats,
    retention: RetentionActivity,
    clicks: LinkClicks,
    revenue: RevenueDays,
  ) {
    // The contact's own row and its facts go last: the others find their rows (the retention rollup its counters
    // by the contact's source, hourly_stats its hours by its messages and times, the reply times theirs by its
    // messages) by it. The counters in the order the ingest locks them: reply_time_counts (with the replies), the
    // button rollups, the payments and their revenue rollup, hourly_stats, then daily_stats, source_rollups and
    // source_days (locked ahead of their count-down), retention_counts.
    this.owners = [
      funnels,
      intents,
      broadcasts,
      clicks,
      replyTimes,
      presses,
      revenue,
      hourly,
      contacts.counterLocks,
      retention,
      contacts,
    ];
  }

  async erase(principal: Principal, botId: string, externalUserId: string): Promise<void> {
    const bot = await this.access.require(principal, botId, 'manage');
    await this.db.transaction(async (tx) => {
      const key = await this.contacts.lockForErasure(tx, bot.id, externalUserId);
      if (!key) throw new NotFoundException(Messages.contactNotFound);
      for (const owner of this.owners) await owner.eraseContact(tx, bot.id, key);
      await this.audit.record(
        {
          action: 'erase_contact',
          actor: actorOf(principal),
          target: null,
          details: { bot_id: bot.id, contact_id: key.id },
        },
        tx,
      );
    });
  }
}
