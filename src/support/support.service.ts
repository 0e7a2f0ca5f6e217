import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import type { Principal } from '../auth/principal';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { MailService } from '../mail/mail.service';
import { AdminTicketDto, TicketDto, TicketReplyDto, TicketStatus } from './support.dto';
import { describeError } from '../logging/describe-error';
import { SupportRepository, TicketRow } from './support.repository';

/** Support requests: any signed-in person writes one, admins answer, the answer is mailed and shown to the author. */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly db: DataSource,
    private readonly tickets: SupportRepository,
    private readonly mail: MailService,
    private readonly audit: AuditLog,
  ) {}

  async create(author: Principal, subject: string, text: string): Promise<TicketDto> {
    return present(await this.tickets.insertTicket(author.userId, subject, text), []);
  }

  /** The person's own requests (not the team's), newest first, with the answers. */
  async listOwn(userId: string): Promise<TicketDto[]> {
    const rows = await this.tickets.ticketsOf(userId);
    const replies = await this.tickets.repliesOf(rows.map((row) => row.id));
    return rows.map((row) => present(row, replies.get(row.id) ?? []));
  }

  /** Requests of live accounts for admins; a deleted account's requests wait for the cleanup unseen. */
  async page(
    status: TicketStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ data: AdminTicketDto[]; total: number }> {
    const { rows: page, total } = await this.tickets.pageOfLiveAccounts(status ?? null, limit, offset);
    const replies = await this.tickets.repliesOf(page.map((row) => row.id));
    return {
      total,
      data: page.map((row) => ({
        ...present(row, replies.get(row.id) ?? []),
        author: { id: row.user_id, email: row.author_email },
      })),
    };
  }

  /** Stores the answer, marks the request answered and audits it in one transaction; then mails the author. */
  async reply(admin: Principal, ticketId: string, text: string): Promise<TicketReplyDto> {
    const { reply, ticket } = await this.db.transaction(async (tx) => {
      const ticket = isUuid(ticketId) ? await this.tickets.lockTicketOfLiveAccount(tx, ticketId) : null;
      if (!ticket) throw new NotFoundException(Messages.ticketNotFound);
      const reply = await this.tickets.addReply(tx, ticket.id, admin.userId, text);
      await this.audit.record(
        {
          action: 'reply_support',
          actor: actorOf(admin),
          target: { id: ticket.user_id, email: ticket.author_email },
          details: { ticket_id: ticket.id, subject: ticket.subject },
        },
        tx,
      );
      return { reply, ticket };
    });

    try {
      await this.mail.send({
        to: ticket.author_email,
        // A subject is one header line whatever the author typed.
        subject: `Botlens: ответ на обращение «${ticket.subject.replace(/\s+/g, ' ')}»`,
        text: `Здравствуйте!\n\nПоддержка Botlens ответила на ваше обращение «${ticket.subject}»:\n\n${text}\n\nОбращение и ответ видны в кабинете.\n`,
      });
    } catch (error) {
      // The answer is stored and shown in the cabinet; a retry by the admin would only duplicate it.
      this.logger.error(`Queueing the mail for ticket ${ticket.id} failed: ${describeError(error)}`);
    }
    return reply;
  }
}

function present(row: TicketRow, replies: TicketReplyDto[]): TicketDto {
  return { id: row.id, subject: row.subject, text: row.text, status: row.status, created_at: row.created_at, replies };
}
