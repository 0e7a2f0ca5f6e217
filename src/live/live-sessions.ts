import { Injectable } from '@nestjs/common';
import { SessionsService } from '../auth/sessions.service';

/** Which of the given sessions still sign someone in: one query for every open socket at once. */
@Injectable()
export class LiveSessions {
  constructor(private readonly sessions: SessionsService) {}

  alive(sessionIds: string[]): Promise<Set<string>> {
    return this.sessions.alive(sessionIds);
  }
}
