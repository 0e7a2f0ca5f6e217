import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { selectOne } from '../database/sql';

/** What other modules ask of `contacts` (the fact store writes the rest): the id of a bot's user, a blocked bot. */
@Injectable()
export class ContactsRepository {
  constructor(private readonly db: DataSource) {}

  async idOf(botId: string, externalUserId: string): Promise<string | null> {
    const row = await selectOne<{ id: string }>(
      this.db,
      `SELECT id FROM contacts WHERE bot_id = $1 AND external_user_id = $2`,
      [botId, externalUserId],
    );
    return row?.id ?? null;
  }

  async markBlocked(contactId: string): Promise<void> {
    await this.db.query(`UPDATE contacts SET blocked_at = now() WHERE id = $1`, [contactId]);
  }
}
