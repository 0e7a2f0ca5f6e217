import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { Principal } from '../principal';
import { SessionsService } from '../sessions.service';

export const SESSION_STRATEGY = 'session';

/** `Authorization: Bearer bls_…` → the signed-in user. Failures carry the spec's messages. */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(private readonly sessions: SessionsService) {
    super();
  }

  validate(request: Request): Promise<Principal> {
    return this.sessions.authenticate(bearerToken(request));
  }
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
