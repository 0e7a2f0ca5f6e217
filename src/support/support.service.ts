import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import type { Principal } from '../auth/principal';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { MailService } from '../mail/mail.service';
import { AdminTicketDto, TicketDto, TicketReplyDto, TicketStatus } from './support.dto';
import { describeError } from '../logging/describe-error';

interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  text: string;
  status: TicketStatus;
  created_at: Date;
}

interface AdminTicketRow extends TicketRow {
  total: number;
  author_email: string;
}

/** Support requests: any signed-in person writes one, admins answer, the answer is mailed and shown to the author. */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly db: DataSource,
    private readonly mail: MailService,
    private readonly audit: AuditLog,
  ) {}

  async create(author: Principal, subject: string, text: string): Promise<TicketDto> {
    const [row] = await this.db.query<TicketRow[]>(
      `INSERT INTO support_tickets (user_id, subject, text) VALUES ($1, $2, $3) RETURNING id, user_id, subject, text, status, created_at`,
      [author.userId, subject, text],
    );
    return present(row, []);
  }

  /** The person's own requests (not the team's), newest first, with the answers. */
  async listOwn(userId: string): Promise<TicketDto[]> {
    const rows = await this.db.query<TicketRow[]>(
      `SELECT id, user_id, subject, text, status, created_at FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [userId],
    );
    const replies = await this.repliesOf(rows.map((row) => row.id));
    return rows.map((row) => present(row, replies.get(row.id) ?? []));
  }

  /** Requests of live accounts for admins; a deleted account's requests wait for the cleanup unseen. */
  async page(
    status: TicketStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ data: AdminTicketDto[]; total: number }> {
    const rows = await this.db.query<AdminTicketRow[]>(
      `WITH matching AS (
         SELECT t.id, t.user_id, t.subject, t.text, t.status, t.created_at, u.email AS author_email
           FROM support_tickets t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
          WHERE $1::text IS NULL OR t.status = $1
       )
       SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM matching) t
       LEFT JOIN LATERAL (SELECT * FROM matching ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) p ON true`,
      [status ?? null, limit, offset],
    );
    const page = rows.filter((row) => row.id !== null);
    const replies = await this.repliesOf(page.map((row) => row.id));
    return {
      total: rows[0].total,
      data: page.map((row) => ({
        ...present(row, replies.get(row.id) ?? []),
        author: { id: row.user_id, email: row.author_email },
      })),
    };
  }

  /** Stores the answer, marks the request answered and audits it in one transaction; then mails the author. */
  async reply(admin: Principal, ticketId: string, text: string): Promise<TicketReplyDto> {
    const { reply, ticket } = await this.db.transaction(async (tx) => {
      const [ticket] = isUuid(ticketId)
        ? await tx.query<Array<TicketRow & { author_email: string }>>(
            `SELECT t.id, t.user_id, t.subject, u.email AS author_email
               FROM support_tickets t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
              WHERE t.id = $1 FOR UPDATE OF t`,
            [ticketId],
          )
        : [];
      if (!ticket) throw new NotFoundException(Messages.ticketNotFound);
      const [reply] = await tx.query<TicketReplyDto[]>(
        `INSERT INTO support_replies (ticket_id, admin_id, text) VALUES ($1, $2, $3) RETURNING id, text, created_at`,
        [ticket.id, admin.userId, text],
      );
      await tx.query(`UPDATE support_tickets SET status = 'answered' WHERE id = $1`, [ticket.id]);
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

  private async repliesOf(ticketIds: string[]): Promise<Map<string, TicketReplyDto[]>> {
    const byTicket = new Map<string, TicketReplyDto[]>();
    if (!ticketIds.length) return byTicket;
    const rows = await this.db.query<Array<TicketReplyDto & { ticket_id: string }>>(
      `SELECT ticket_id, id, text, created_at FROM support_replies WHERE ticket_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ticketIds],
    );
    for (const { ticket_id, ...reply } of rows) {
      const list = byTicket.get(ticket_id) ?? [];
      list.push(reply);
      byTicket.set(ticket_id, list);
    }
    return byTicket;
  }
}

function present(row: TicketRow, replies: TicketReplyDto[]): TicketDto {
  return { id: row.id, subject: row.subject, text: row.text, status: row.status, created_at: row.created_at, replies };
}
