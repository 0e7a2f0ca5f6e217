import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ContactDataOwner, ContactKey } from '../common/contact-data-owner';
import { selectRows } from '../database/sql';

/** Every click, and unique visitors: each contact once, each anonymous visitor once per UTC day. */
export interface ClickCounts {
  clicks: number;
  unique_clicks: number;
}

/** A contact's click, for its card. */
export interface ContactClick {
  link_id: string;
  url: string;
  clicked_at: Date;
}

/** A click in a dialog's window: with its id (text: a bigint), for the cabinet's markers. */
export interface DialogClick extends ContactClick {
  id: string;
}

/** The window of a dialog's reads: the messages' `from`/`to` and page size. */
export interface ClickWindow {
  notBefore?: Date;
  /** Inclusive upper bound. */
  notAfter?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  limit: number;
}

export const NO_CLICKS: ClickCounts = { clicks: 0, unique_clicks: 0 };
/**
 * Unique visitors of a set of clicks. A click through a per-contact link names its contact and has no visitor;
 * an anonymous one has a visitor (a keyed hash of its UTC day, address and agent), so one person counts once a day.
 */
const COUNTS = `count(*)::int AS clicks, (count(DISTINCT contact_id) + count(DISTINCT visitor))::int AS unique_clicks`;

/**
 * Reads of `clicks` (written by ClickWriter, the redirect's group commit): the counts of links, a link's clicks
 * per UTC day, a contact's clicks; and the erasure of a contact's clicks. Counted from the clicks on each read,
 * along `clicks_by_link`, which holds what the counts need.
 */
@Injectable()
export class LinkClicks implements ContactDataOwner {
  constructor(private readonly db: DataSource) {}

  /** The counts of each link (links without clicks have zeros). */
  async counts(linkIds: string[]): Promise<Map<string, ClickCounts>> {
    const rows = linkIds.length
      ? await selectRows<ClickCounts & { link_id: string }>(
          this.db,
          `SELECT link_id, ${COUNTS} FROM clicks WHERE link_id = ANY($1::uuid[]) GROUP BY link_id`,
          [linkIds],
        )
      : [];
    const counts = new Map(rows.map(({ link_id, ...counts }) => [link_id, counts]));
    return new Map(linkIds.map((id) => [id, counts.get(id) ?? NO_CLICKS]));
  }

  /** The link's counts per UTC day from `from` (midnight UTC) until `before`, for the days that have clicks. */
  perDay(linkId: string, from: Date, before: Date): Promise<Array<ClickCounts & { day: string }>> {
    return selectRows(
      this.db,
      `SELECT to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${COUNTS}
         FROM clicks WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at < $3
        GROUP BY 1 ORDER BY 1`,
      [linkId, from, before],
    );
  }

  /** The contact's latest clicks, newest first. */
  ofContact(contactId: string, limit: number): Promise<ContactClick[]> {
    return selectRows<ContactClick>(
      this.db,
      `SELECT c.link_id, l.url, c.clicked_at
         FROM clicks c JOIN links l ON l.id = c.link_id
        WHERE c.contact_id = $1
        ORDER BY c.clicked_at DESC, c.id DESC LIMIT $2`,
      [contactId, limit],
    );
  }

  /** The clicks of the bot's contact with this platform user id within the window, newest first. */
  inDialog(botId: string, externalUserId: string, window: ClickWindow): Promise<DialogClick[]> {
    return selectRows<DialogClick>(
      this.db,
      `SELECT k.id::text AS id, k.link_id, l.url, k.clicked_at
         FROM contacts c
         JOIN clicks k ON k.contact_id = c.id
         JOIN links l ON l.id = k.link_id
        WHERE c.bot_id = $1 AND c.external_user_id = $2
          AND ($3::timestamptz IS NULL OR k.clicked_at >= $3)
          AND ($4::timestamptz IS NULL OR k.clicked_at <= $4)
          AND ($5::timestamptz IS NULL OR k.clicked_at < $5)
        ORDER BY k.clicked_at DESC, k.id DESC
        LIMIT $6`,
      [botId, externalUserId, window.notBefore ?? null, window.notAfter ?? null, window.before ?? null, window.limit],
    );
  }

  async eraseContact(q: EntityManager, _botId: string, key: ContactKey): Promise<void> {
    await q.query(`DELETE FROM clicks WHERE contact_id = $1`, [key.id]);
  }
}
