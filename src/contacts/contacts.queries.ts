import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ContactAttributionDto, ContactDetailDto, ContactListItemDto } from './contact.dto';

interface ContactDetailRow {
  id: string;
  external_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  is_premium: boolean;
  phone: string | null;
  last_seen_at: Date | null;
  messages_in: number;
  messages_out: number;
  first_message_at: Date | null;
  last_at: Date | null;
  source_value: string | null;
  campaign_name: string | null;
  first_touch_at: Date | null;
  last_touch_at: Date | null;
  touches: number;
}

/** The contact reports, read from the counters the ingest keeps on each contact row. */
@Injectable()
export class ContactsQueries {
  constructor(private readonly db: DataSource) {}

  /** A page in the order of the index contacts_by_last_seen, so only the page's rows are read. */
  page(botId: string, limit: number, offset: number): Promise<ContactListItemDto[]> {
    return this.db.query<ContactListItemDto[]>(
      `SELECT id, external_user_id, username, first_name, last_name, is_premium, last_seen_at,
              messages_in + messages_out AS messages_count
         FROM contacts
        WHERE bot_id = $1
        ORDER BY last_seen_at DESC NULLS LAST, id
        LIMIT $2 OFFSET $3`,
      [botId, limit, offset],
    );
  }

  /** Exact, without counting a million rows: every new contact adds one to its day's new_contacts. */
  async total(botId: string): Promise<number> {
    const [row] = await this.db.query<Array<{ total: string }>>(
      `SELECT coalesce(sum(new_contacts), 0) AS total FROM daily_stats WHERE bot_id = $1`,
      [botId],
    );
    return Number(row.total);
  }

  /** One contact by its platform user id, with its attribution seen through the bot's source mappings. */
  async detail(botId: string, externalUserId: string): Promise<ContactDetailDto | null> {
    const [row] = await this.db.query<ContactDetailRow[]>(
      `SELECT c.id, c.external_user_id, c.username, c.first_name, c.last_name, c.is_premium, c.phone,
              c.last_seen_at, c.messages_in, c.messages_out, c.first_message_at, c.last_at,
              coalesce(m.source_value, c.source_value) AS source_value,
              coalesce(m.campaign_name, c.campaign_name) AS campaign_name,
              c.first_touch_at, c.last_touch_at, c.touches
         FROM contacts c
         LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value
        WHERE c.bot_id = $1 AND c.external_user_id = $2`,
      [botId, externalUserId],
    );
    if (!row) return null;
    return {
      contact: {
        id: row.id,
        external_user_id: row.external_user_id,
        username: row.username,
        first_name: row.first_name,
        last_name: row.last_name,
        is_premium: row.is_premium,
        phone: row.phone,
        last_seen_at: row.last_seen_at,
      },
      stats: {
        total_messages: row.messages_in + row.messages_out,
        inbound: row.messages_in,
        outbound: row.messages_out,
        first_at: row.first_message_at,
        last_at: row.last_at,
      },
      attribution: attributionOf(row),
    };
  }
}

function attributionOf(row: ContactDetailRow): ContactAttributionDto | null {
  if (!row.source_value) return null;
  return {
    source_value: row.source_value,
    campaign_name: row.campaign_name || null,
    first_seen_at: row.first_touch_at,
    last_seen_at: row.last_touch_at,
    touches: row.touches,
  };
}
