import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ButtonRowDto } from './buttons.dto';

/** A time window as the messages list reads `from` / `to`; each bound may be absent. */
export interface PressWindow {
  notBefore: Date | null;
  notAfter: Date | null;
  before: Date | null;
}

/**
 * The buttons report: the bot's presses grouped by callback data, read from button_presses_by_time
 * alone (it carries the data and the contact), so a window costs one index range, never the messages.
 */
@Injectable()
export class ButtonsQueries {
  constructor(private readonly db: DataSource) {}

  async rows(botId: string, window: PressWindow): Promise<ButtonRowDto[]> {
    const rows = await this.db.query<Array<{ data: string; presses: string; contacts: string }>>(
      `SELECT data, count(*) AS presses, count(DISTINCT contact_id) AS contacts
         FROM button_presses
        WHERE bot_id = $1
          AND ($2::timestamptz IS NULL OR created_at >= $2)
          AND ($3::timestamptz IS NULL OR created_at <= $3)
          AND ($4::timestamptz IS NULL OR created_at < $4)
        GROUP BY data
        ORDER BY count(*) DESC, count(DISTINCT contact_id) DESC, data COLLATE "C"`,
      [botId, window.notBefore, window.notAfter, window.before],
    );
    return rows.map((row) => ({ data: row.data, presses: Number(row.presses), contacts: Number(row.contacts) }));
  }
}
