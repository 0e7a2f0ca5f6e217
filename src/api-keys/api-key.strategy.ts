import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { API_KEY_STRATEGY } from '../auth/guards/require-scope.decorator';
import { bearerToken } from '../auth/guards/session.strategy';
import type { Principal } from '../auth/principal';
import { ApiKeyAuthenticator } from './api-key-authenticator';

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
