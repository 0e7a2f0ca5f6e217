import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import type { Platform } from '../platforms/platform';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { networkErrorCode, PlatformErrorException, PlatformUnreachableException } from '../platforms/platform-errors';
import type { AvatarImage } from './avatar-cache';

const TIMEOUT_MS = 30_000;
/** Profile photos are small; anything larger is not something to hold in memory and cache. */
const MAX_BYTES = 10 * 1024 * 1024;

interface Answer {
  status: number;
  body: Buffer;
  contentType: string | undefined;
}

interface TelegramPhotoSize {
  file_id: string;
  width: number;
  height: number;
}

/**
 * Fetches a user's profile image through the platform (platforms.md §9). Null when the user has
 * none (or the platform does not know them); network failures are 502 `<platform> <code>`, other
 * platform errors 502 with the platform's answer.
 */
@Injectable()
export class PlatformAvatars implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 16 });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Telegram: getUserProfilePhotos → the largest size of the newest photo → getFile → the file. */
  async telegram(token: string, userId: string): Promise<AvatarImage | null> {
    const api = `${this.config.telegramApiUrl}/bot${token}`;
    const photos = await this.telegramCall<{ photos: TelegramPhotoSize[][] }>(`${api}/getUserProfilePhotos`, {
      user_id: userId,
      limit: 1,
    });
    const sizes = photos?.photos?.[0];
    if (!sizes?.length) return null;
    const largest = sizes.reduce((best, size) => (size.width * size.height > best.width * best.height ? size : best));
    const file = await this.telegramCall<{ file_path?: string }>(`${api}/getFile`, { file_id: largest.file_id });
    if (!file?.file_path) return null;
    const download = await this.get('telegram', `${this.config.telegramApiUrl}/file/bot${token}/${file.file_path}`, {});
    return imageOf(download);
  }

  /**
   * MAX: `GET /chats/{chat_id}` → `dialog_with_user` (full_avatar_url, else avatar_url) → the image.
   * MAX users in updates carry no avatar, so the dialog's chat is the way to the profile.
   */
  async max(token: string, chatId: string): Promise<AvatarImage | null> {
    const chat = await this.get('max', `${this.config.maxApiUrl}/chats/${encodeURIComponent(chatId)}`, {
      authorization: token,
    });
    if (chat.status === 404) return null;
    if (chat.status !== 200) throw new PlatformErrorException('max', chat.status, parseJson(chat.body));
    const user = (parseJson(chat.body) as { dialog_with_user?: { avatar_url?: unknown; full_avatar_url?: unknown } })
      ?.dialog_with_user;
    const url = [user?.full_avatar_url, user?.avatar_url].find(
      (candidate): candidate is string => typeof candidate === 'string' && /^https?:\/\//i.test(candidate),
    );
    if (!url) return null;
    return imageOf(await this.get('max', url, {}));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  /** A Telegram method's `result`; null for 400 (no such user, or no photo to read). */
  private async telegramCall<T>(url: string, params: Record<string, unknown>): Promise<T | null> {
    const answer = await this.call('telegram', url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    const parsed = parseJson(answer.body) as { ok?: boolean; result?: T };
    if (answer.status === 200 && parsed?.ok === true) return parsed.result ?? null;
    if (answer.status === 400) return null;
    throw new PlatformErrorException('telegram', answer.status, parsed);
  }

  private get(platform: Platform, url: string, headers: Record<string, string>): Promise<Answer> {
    return this.call(platform, url, { method: 'GET', headers });
  }

  private async call(
    platform: Platform,
    url: string,
    options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<Answer> {
    try {
      const response = await request(url, {
        ...options,
        dispatcher: this.agent,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BYTES) {
          response.body.destroy();
          throw new PlatformErrorException(platform, 413, { message: `image larger than ${MAX_BYTES} bytes` });
        }
        chunks.push(chunk as Buffer);
      }
      const contentType = response.headers['content-type'];
      return {
        status: response.statusCode,
        body: Buffer.concat(chunks),
        contentType: Array.isArray(contentType) ? contentType[0] : contentType,
      };
    } catch (error) {
      if (error instanceof PlatformErrorException) throw error;
      throw new PlatformUnreachableException(platform, networkErrorCode(error));
    }
  }
}

/** The downloaded file as an image; a missing file (the link expired meanwhile) is no avatar. */
function imageOf(download: Answer): AvatarImage | null {
  if (download.status !== 200 || !download.body.length) return null;
  return { bytes: download.body, contentType: imageType(download.body, download.contentType) };
}

/**
 * Telegram serves files as application/octet-stream; the bytes say what the image is. Anything
 * unrecognised keeps an image/* type it came with, else octet-stream (served with nosniff).
 */
export function imageType(bytes: Buffer, declared: string | undefined): string {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  const type = declared?.split(';')[0].trim().toLowerCase();
  return type && /^image\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream';
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return { raw: body.toString('utf8').slice(0, 500) };
  }
}
