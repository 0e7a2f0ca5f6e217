import { ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { Principal } from '../auth/principal';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './api-key.dto';
import { ApiKey } from './api-key.entity';

export const API_KEY_PREFIX = 'blk_';
export const MAX_ACTIVE_KEYS = 20;

@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly dataSource: DataSource,
  ) {}

  /** Issues a key; the limit check and the insert share one transaction holding the owner's row lock. */
  async issue(principal: Principal, dto: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    if (!principal.emailConfirmed) throw new ForbiddenException(Messages.confirmEmail);
    const key = prefixedSecret(API_KEY_PREFIX);
    const saved = await this.dataSource.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [principal.userId]);
      const [{ count }] = await tx.query(
        `SELECT count(*)::int AS count FROM api_keys
         WHERE user_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
        [principal.userId],
      );
      if (count >= MAX_ACTIVE_KEYS) throw new HttpException(Messages.apiKeyLimit, HttpStatus.TOO_MANY_REQUESTS);
      return tx.getRepository(ApiKey).save(
        tx.getRepository(ApiKey).create({
          userId: principal.userId,
          name: dto.name,
          keyHash: sha256Hex(key),
          keyHint: `${key.slice(0, 8)}…${key.slice(-4)}`,
          scopes: dto.scopes,
          expiresAt: dto.expires_at ?? null,
          revokedAt: null,
          lastUsedAt: null,
        }),
      );
    });
    return {
      id: saved.id,
      name: saved.name,
      key,
      scopes: saved.scopes,
      expires_at: saved.expiresAt,
      created_at: saved.createdAt,
    };
  }

  async list(userId: string): Promise<ApiKeyDto[]> {
    const keys = await this.keys.find({ where: { userId }, order: { createdAt: 'DESC' } });
    return keys.map(presentKey);
  }

  async revoke(userId: string, id: string): Promise<void> {
    const key = isUuid(id) ? await this.keys.findOneBy({ id, userId }) : null;
    if (!key) throw new NotFoundException('API key not found');
    if (!key.revokedAt) await this.keys.update({ id }, { revokedAt: new Date() });
  }
}

function presentKey(key: ApiKey): ApiKeyDto {
  const status = key.revokedAt
    ? 'revoked'
    : key.expiresAt && key.expiresAt.getTime() <= Date.now()
      ? 'expired'
      : 'active';
  return {
    id: key.id,
    name: key.name,
    key_hint: key.keyHint,
    scopes: key.scopes,
    status,
    expires_at: key.expiresAt,
    revoked_at: key.revokedAt,
    last_used_at: key.lastUsedAt,
    created_at: key.createdAt,
  };
}
