import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { modifiedRows, selectOne, selectRows } from '../database/sql';

/** A live link as stored. */
export interface LinkRow {
  id: string;
  bot_id: string;
  code: string;
  url: string;
  name: string | null;
  created_at: Date;
}

/** What the redirect needs of a link: where it goes, and whose it is (its events go to the bot's account). */
export interface ResolvedLink {
  id: string;
  code: string;
  botId: string;
  accountId: string;
  url: string;
  /** False while the bot is deactivated: its links still redirect, but clicks are not recorded (as its traffic is not). */
  recording: boolean;
}

const COLUMNS = 'id, bot_id, code, url, name, created_at';

/** The owner of `links`: a bot's short links. A deleted link is hidden (`deleted_at`) and keeps its code for good. */
@Injectable()
export class LinksRepository {
  constructor(private readonly db: DataSource) {}

  /** The new link, or null when the code is taken (by any link, deleted ones included). */
  insert(botId: string, code: string, url: string, name: string | null): Promise<LinkRow | null> {
    return selectOne<LinkRow>(
      this.db,
      `INSERT INTO links (bot_id, code, url, name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO NOTHING RETURNING ${COLUMNS}`,
      [botId, code, url, name],
    );
  }

  /** The bot's live links, newest first, and how many it has. */
  async page(botId: string, limit: number, offset: number): Promise<{ rows: LinkRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      selectRows<LinkRow>(
        this.db,
        `SELECT ${COLUMNS} FROM links WHERE bot_id = $1 AND deleted_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [botId, limit, offset],
      ),
      selectRows<{ n: number }>(
        this.db,
        `SELECT count(*)::int AS n FROM links WHERE bot_id = $1 AND deleted_at IS NULL`,
        [botId],
      ),
    ]);
    return { rows, total: count.n };
  }

  one(botId: string, linkId: string): Promise<LinkRow | null> {
    return selectOne<LinkRow>(
      this.db,
      `SELECT ${COLUMNS} FROM links WHERE id = $1 AND bot_id = $2 AND deleted_at IS NULL`,
      [linkId, botId],
    );
  }

  /** The oldest live link of the bot to this URL with this name (null: without one). */
  reusable(botId: string, url: string, name: string | null): Promise<LinkRow | null> {
    return selectOne<LinkRow>(
      this.db,
      `SELECT ${COLUMNS} FROM links
        WHERE bot_id = $1 AND md5(url) = md5($2) AND url = $2 AND name IS NOT DISTINCT FROM $3::text
          AND deleted_at IS NULL
        ORDER BY created_at, id LIMIT 1`,
      [botId, url, name],
    );
  }

  /** Hides a live link; its code, or null when there was no such live link. */
  async hide(botId: string, linkId: string): Promise<string | null> {
    const [row] = await modifiedRows<{ code: string }>(
      this.db,
      `UPDATE links SET deleted_at = now() WHERE id = $1 AND bot_id = $2 AND deleted_at IS NULL RETURNING code`,
      [linkId, botId],
    );
    return row?.code ?? null;
  }

  /** The live link with this code, of a bot that is not deleted; null when there is none. */
  resolve(code: string): Promise<ResolvedLink | null> {
    return selectOne<ResolvedLink>(
      this.db,
      `SELECT l.id, l.code, l.bot_id AS "botId", b.user_id AS "accountId", l.url, b.active AS recording
         FROM links l JOIN bots b ON b.id = l.bot_id
        WHERE l.code = $1 AND l.deleted_at IS NULL AND b.deleted_at IS NULL`,
      [code],
    );
  }
}
