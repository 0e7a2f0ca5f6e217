import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { RedisClient } from '../queue/redis';

/** An image as served: bytes and their content type. */
export interface AvatarImage {
  bytes: Buffer;
  contentType: string;
}

/** What the platform said last time: an image, or that the user has none. */
export type CachedAvatar = AvatarImage | 'none';

/** Images are kept an hour (as the brief asks); "no photo" for ten minutes, so a new photo shows up soon. */
const IMAGE_TTL_SECONDS = 60 * 60;
const NONE_TTL_SECONDS = 10 * 60;

/**
 * Avatars in Redis, shared by every instance: one hash per contact with the bytes and content type
 * (or a `none` marker), expiring on its own.
 */
@Injectable()
export class AvatarCache {
  constructor(
    private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(botId: string, externalUserId: string): Promise<CachedAvatar | null> {
    const fields = await this.redis.hgetallBuffer(this.key(botId, externalUserId));
    if (fields.none) return 'none';
    if (!fields.bytes || !fields.type) return null;
    return { bytes: fields.bytes, contentType: fields.type.toString() };
  }

  /** Of these users, the ones the cache remembers the platform has no photo for: one round trip. */
  async withoutPhoto(botId: string, externalUserIds: string[]): Promise<Set<string>> {
    if (!externalUserIds.length) return new Set();
    const pipeline = this.redis.pipeline();
    for (const id of externalUserIds) pipeline.hexists(this.key(botId, id), 'none');
    const answers = (await pipeline.exec()) ?? [];
    const failed = answers.find(([error]) => error);
    if (failed) throw failed[0];
    return new Set(externalUserIds.filter((_, index) => answers[index]?.[1] === 1));
  }

  async set(botId: string, externalUserId: string, avatar: CachedAvatar): Promise<void> {
    const key = this.key(botId, externalUserId);
    const fields = avatar === 'none' ? { none: '1' } : { bytes: avatar.bytes, type: avatar.contentType };
    await this.redis
      .multi()
      .del(key)
      .hset(key, fields)
      .expire(key, avatar === 'none' ? NONE_TTL_SECONDS : IMAGE_TTL_SECONDS)
      .exec();
  }

  private key(botId: string, externalUserId: string): string {
    return `${this.config.redisKeyPrefix}:avatar:${botId}:${externalUserId}`;
  }
}
