import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DialogDto } from './dialog.dto';

/** The dialog list: each contact row carries its last message and counters, kept by the ingest. */
@Injectable()
export class DialogsQueries {
  constructor(private readonly db: DataSource) {}

  /** Walks contacts_by_last_message from the newest; contacts without messages sort last and are cut off. */
  list(botId: string, limit: number): Promise<DialogDto[]> {
    return this.db.query<DialogDto[]>(
      `SELECT id, external_user_id, username, first_name, last_name,
              left(coalesce(last_text, ''), 200) AS last_text, last_direction, last_at,
              messages_in + messages_out AS messages_total, awaiting_since,
              floor(EXTRACT(EPOCH FROM (now() - awaiting_since)))::int AS waited_s
         FROM contacts
        WHERE bot_id = $1 AND last_at IS NOT NULL
        ORDER BY last_at DESC NULLS LAST, id
        LIMIT $2`,
      [botId, limit],
    );
  }

  /**
   * Dialogs waiting for an answer, oldest wait first: the contact's newest inbound message has no answer and is older
   * than the reply window. `awaiting_since` (the oldest unanswered inbound message, kept by the ingest) orders them.
   */
  waitingDialogs(botId: string, replyWindowS: number, limit: number, now = new Date()): Promise<DialogDto[]> {
    return this.db.query<DialogDto[]>(
      `SELECT c.id, c.external_user_id, c.username, c.first_name, c.last_name,
              left(coalesce(c.last_text, ''), 200) AS last_text, c.last_direction, c.last_at,
              (c.messages_in + c.messages_out)::int AS messages_total,
              c.awaiting_since, floor(EXTRACT(EPOCH FROM ($4::timestamptz - c.awaiting_since)))::int AS waited_s
         FROM contacts c
        WHERE c.bot_id = $1 AND c.awaiting_since IS NOT NULL
          AND c.awaiting_since <= $4::timestamptz - make_interval(secs => $3)
          AND (SELECT max(m.created_at) FROM messages m
                WHERE m.bot_id = c.bot_id AND m.external_user_id = c.external_user_id AND m.direction = 'in')
              <= $4::timestamptz - make_interval(secs => $3)
        ORDER BY c.awaiting_since, c.id
        LIMIT $2`,
      [botId, limit, replyWindowS, now.toISOString()],
    );
  }
}
