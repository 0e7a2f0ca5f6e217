import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DialogPressDto } from './message.dto';
import type { MessageFilter } from './messages.queries';

/**
 * One dialog's button presses, for the cabinet's conversation (session API only: the open API's
 * message shapes stay as they are). Newest first along button_presses_by_contact.
 */
@Injectable()
export class DialogPressesQueries {
  constructor(private readonly db: DataSource) {}

  list(botId: string, userId: string, filter: Omit<MessageFilter, 'userId'>): Promise<DialogPressDto[]> {
    return this.db.query<DialogPressDto[]>(
      `SELECT p.id, p.data, p.created_at
         FROM contacts c
         JOIN button_presses p ON p.contact_id = c.id
        WHERE c.bot_id = $1 AND c.external_user_id = $2
          AND ($3::timestamptz IS NULL OR p.created_at >= $3)
          AND ($4::timestamptz IS NULL OR p.created_at <= $4)
          AND ($5::timestamptz IS NULL OR p.created_at < $5)
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT $6`,
      [botId, userId, filter.notBefore ?? null, filter.notAfter ?? null, filter.before ?? null, filter.limit],
    );
  }
}
