import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Queryable, selectOne, selectRows } from '../database/sql';
import type { TicketReplyDto, TicketStatus } from './support.dto';

export interface TicketRow {
  id: string;
  user_id: string;
  subject: string;
  text: string;
  status: TicketStatus;
  created_at: Date;
}

const TICKET_COLUMNS = `id, user_id, subject, text, status, created_at`;

/** `support_tickets` and `support_replies`. */
@Injectable()
export class SupportRepository {
  constructor(private readonly db: DataSource) {}

  async insertTicket(userId: string, subject: string, text: string): Promise<TicketRow> {
    const [row] = await selectRows<TicketRow>(
      this.db,
      `INSERT INTO support_tickets (user_id, subject, text) VALUES ($1, $2, $3) RETURNING ${TICKET_COLUMNS}`,
      [userId, subject, text],
    );
    return row;
  }

  ticketsOf(userId: string): Promise<TicketRow[]> {
    return selectRows(
      this.db,
      `SELECT ${TICKET_COLUMNS} FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
      [userId],
    );
  }

  /** A page of the requests of live accounts, newest first, with their authors' addresses and the total. */
  async pageOfLiveAccounts(
    status: TicketStatus | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<TicketRow & { author_email: string }>; total: number }> {
    const rows = await selectRows<TicketRow & { author_email: string; total: number }>(
      this.db,
      `WITH matching AS (
         SELECT t.id, t.user_id, t.subject, t.text, t.status, t.created_at, u.email AS author_email
           FROM support_tickets t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
          WHERE $1::text IS NULL OR t.status = $1
       )
       SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM matching) t
       LEFT JOIN LATERAL (SELECT * FROM matching ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3) p ON true`,
      [status, limit, offset],
    );
    return { total: rows[0].total, rows: rows.filter((row) => row.id !== null) };
  }

  /** Locks a live account's request, with its author's address; null when there is none. */
  lockTicketOfLiveAccount(
    tx: Queryable,
    ticketId: string,
  ): Promise<(Pick<TicketRow, 'id' | 'user_id' | 'subject'> & { author_email: string }) | null> {
    return selectOne(
      tx,
      `SELECT t.id, t.user_id, t.subject, u.email AS author_email
         FROM support_tickets t JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL
        WHERE t.id = $1 FOR UPDATE OF t`,
      [ticketId],
    );
  }

  /** Stores the answer and marks the request answered. */
  async addReply(tx: Queryable, ticketId: string, adminId: string, text: string): Promise<TicketReplyDto> {
    const [reply] = await selectRows<TicketReplyDto>(
      tx,
      `INSERT INTO support_replies (ticket_id, admin_id, text) VALUES ($1, $2, $3) RETURNING id, text, created_at`,
      [ticketId, adminId, text],
    );
    await tx.query(`UPDATE support_tickets SET status = 'answered' WHERE id = $1`, [ticketId]);
    return reply;
  }

  /** The answers to each request, oldest first. */
  async repliesOf(ticketIds: string[]): Promise<Map<string, TicketReplyDto[]>> {
    const byTicket = new Map<string, TicketReplyDto[]>();
    if (!ticketIds.length) return byTicket;
    const rows = await selectRows<TicketReplyDto & { ticket_id: string }>(
      this.db,
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
