import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CsvQuery } from '../exports/csv-download';
import { isoText } from '../exports/iso-text';
import { CabinetMessageDto, MessageDto } from './message.dto';

/** Which messages to list: a window of platform message times, inclusive at both ends. */
export interface MessageFilter {
  userId?: string;
  notBefore?: Date;
  /** Inclusive upper bound. */
  notAfter?: Date;
  /** Exclusive upper bound (the start of the day after a whole-day `to`). */
  before?: Date;
  limit: number;
}

/** Reads the message log; the raw copies (`message_raws`) are never read. */
@Injectable()
export class MessagesQueries {
  constructor(private readonly db: DataSource) {}

  /**
   * Newest first along messages_by_time (or messages_by_user_time with a user), so a page reads
   * only its own rows however long the history is. The id breaks ties between equal times.
   */
  list(botId: string, filter: MessageFilter): Promise<MessageDto[]> {
    return this.page(botId, filter, MESSAGE_COLUMNS);
  }

  /** The same page for the cabinet, each message with the intents it matched (by name; `[]` for none). */
  listWithIntents(botId: string, filter: MessageFilter): Promise<CabinetMessageDto[]> {
    return this.page(botId, filter, `${MESSAGE_COLUMNS}, ${MATCHED_INTENTS}`);
  }

  /** All the messages the filter selects (its limit aside) as CSV rows for a COPY, newest first like the list. */
  exportQuery(botId: string, filter: MessageFilter): CsvQuery {
    const { where, params } = filtered(botId, filter);
    return {
      sql: `SELECT id::text, direction, external_user_id, coalesce(text, ''), ${isoText('created_at')}
              FROM messages
             WHERE ${where}
             -- Qualified: a bare id would be the text column above, sorted as text.
             ORDER BY messages.created_at DESC, messages.id DESC`,
      params,
      header: ['id', 'direction', 'external_user_id', 'text', 'created_at'],
    };
  }

  private page<T>(botId: string, filter: MessageFilter, columns: string): Promise<T[]> {
    const { where, params } = filtered(botId, filter);
    params.push(filter.limit);
    return this.db.query<T[]>(
      `SELECT ${columns}
         FROM messages
        WHERE ${where}
        ORDER BY created_at DESC, id DESC
        LIMIT $${params.length}`,
      params,
    );
  }
}

function filtered(botId: string, filter: MessageFilter): { where: string; params: Array<string | number | Date> } {
  const params: Array<string | number | Date> = [botId];
  const where = ['bot_id = $1'];
  const add = (condition: string, value: string | Date) => {
    params.push(value);
    where.push(`${condition} $${params.length}`);
  };
  if (filter.userId !== undefined) add('external_user_id =', filter.userId);
  if (filter.notBefore) add('created_at >=', filter.notBefore);
  if (filter.notAfter) add('created_at <=', filter.notAfter);
  if (filter.before) add('created_at <', filter.before);
  return { where: where.join(' AND '), params };
}

const MESSAGE_COLUMNS = `id, direction, external_user_id, coalesce(text, '') AS text, created_at`;

/** Per message of the page, through message_intents_by_message: a few index probes per page. */
const MATCHED_INTENTS = `coalesce((
           SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'color', i.color) ORDER BY i.name)
             FROM message_intents mi
             JOIN intents i ON i.id = mi.intent_id
            WHERE mi.message_id = messages.id
         ), '[]') AS intents`;
