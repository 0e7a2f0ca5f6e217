import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { Principal } from '../auth/principal';
import { bearerToken } from '../auth/guards/session.strategy';
import { ApiKeyAuthenticator } from './api-key-authenticator';

export const API_KEY_STRATEGY = 'api-key';

/** The open API's key: `X-API-Key: blk_…`, or `Authorization: Bearer blk_…`. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, API_KEY_STRATEGY) {
  constructor(private readonly authenticator: ApiKeyAuthenticator) {
    super();
  }

  validate(request: Request): Promise<Principal> {
    const header = request.headers['x-api-key'];
    const key = (typeof header === 'string' && header.trim()) || bearerToken(request);
    return this.authenticator.authenticate(key || null);
  }
}
