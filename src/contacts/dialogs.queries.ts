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
              messages_in + messages_out AS messages_total
         FROM contacts
        WHERE bot_id = $1 AND last_at IS NOT NULL
        ORDER BY last_at DESC NULLS LAST, id
        LIMIT $2`,
      [botId, limit],
    );
  }
}
