import { ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import type { Principal } from '../auth/principal';
import { UsersRepository } from '../auth/users.repository';
import { prefixedSecret, sha256Hex } from '../common/crypto/random';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { Queryable } from '../database/sql';
import { TeamsRepository } from '../auth/teams.repository';
import { ApiKeyDto, ApiKeyHolderDto, CreateApiKeyDto, CreatedApiKeyDto, TeamApiKeyDto } from './api-key.dto';
import { ApiKey } from './api-key.entity';

export const API_KEY_PREFIX = 'blk_';
export const MAX_ACTIVE_KEYS = 20;

@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly teams: TeamsRepository,
  ) {}

  /** Issues a key; the limit check and the insert share one transaction holding the owner's row lock. */
  async issue(principal: Principal, dto: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    if (!principal.emailConfirmed) throw new ForbiddenException(Messages.confirmEmail);
    const key = prefixedSecret(API_KEY_PREFIX);
    const saved = await this.dataSource.transaction(async (tx) => {
      await this.users.lock(tx, principal.userId);
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

  /** Your own key. */
  async revoke(userId: string, id: string): Promise<void> {
    const key = await this.find(id);
    if (!key || key.userId !== userId) throw new NotFoundException(Messages.apiKeyNotFound);
    await markRevoked(this.dataSource.manager, key.id);
  }

  /** The keys of everyone in the account: its owner and the members of its team. */
  async listOfAccount(accountId: string): Promise<TeamApiKeyDto[]> {
    const people: ApiKeyHolderDto[] = await this.teams.peopleOf(accountId);
    const holders = new Map(people.map((person) => [person.user_id, person]));
    const keys = await this.keys.find({
      where: { userId: In([...holders.keys()]) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    return keys.map((key) => ({ ...presentKey(key), holder: holders.get(key.userId)! }));
  }

  /**
   * A key of someone in the caller's account. A key of anyone else is unknown (404). The owner's keys
   * are the owner's to revoke: an administrator sees them in the list but gets 403.
   */
  async revokeInAccount(principal: Principal, id: string): Promise<void> {
    const key = await this.find(id);
    if (!key || !(await this.inAccount(key.userId, principal.accountId)))
      throw new NotFoundException(Messages.apiKeyNotFound);
    if (key.userId === principal.accountId && principal.teamRole !== 'owner')
      throw new ForbiddenException(Messages.forbidden);
    await markRevoked(this.dataSource.manager, key.id);
  }

  /**
   * Any key (administration), inside the caller's transaction so its audit entry commits with it.
   * Answers the key with its holder, and whether this call revoked it (false if it already was).
   */
  async revokeAny(
    id: string,
    manager: EntityManager,
  ): Promise<{ key: ApiKey; holder: ApiKeyHolderDto; revoked: boolean }> {
    const key = isUuid(id) ? await manager.findOneBy(ApiKey, { id }) : null;
    if (!key) throw new NotFoundException(Messages.apiKeyNotFound);
    const user = (await this.users.findAny(key.userId, manager))!;
    const holder: ApiKeyHolderDto = { user_id: user.id, email: user.email };
    const revoked = await markRevoked(manager, key.id);
    return { key, holder, revoked };
  }

  /** A deleted account's keys stop working at once (in the deletion's transaction). */
  async revokeAllOf(tx: Queryable, userId: string): Promise<void> {
    await tx.query(`UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
  }

  private async find(id: string): Promise<ApiKey | null> {
    return isUuid(id) ? this.keys.findOneBy({ id }) : null;
  }

  private async inAccount(userId: string, accountId: string): Promise<boolean> {
    if (userId === accountId) return true;
    return this.teams.isMember(userId, accountId);
  }
}

/**
 * Revoking is one conditional UPDATE: the authenticator reads the key's row on every request (there
 * is no key cache), so the key is refused with 401 "API-ключ отозван" from the next request on.
 * Revoking a revoked key changes nothing and answers false.
 */
async function markRevoked(manager: EntityManager, id: string): Promise<boolean> {
  const [, affected] = await manager.query<[unknown[], number]>(
    `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
    [id],
  );
  return affected > 0;
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
