import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Which of the given sessions still sign someone in: one query for every open socket at once. */
@Injectable()
export class LiveSessions {
  constructor(private readonly db: DataSource) {}

  async alive(sessionIds: string[]): Promise<Set<string>> {
    // The same rules as SessionsService.authenticate: not expired, and the user not deleted.
    const rows = await this.db.query<Array<{ id: string }>>(
      `SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
        WHERE s.id = ANY($1::uuid[]) AND s.expires_at > now()`,
      [sessionIds],
    );
    return new Set(rows.map((row) => row.id));
  }
}
