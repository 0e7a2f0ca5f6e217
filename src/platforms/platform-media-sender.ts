import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Blob } from 'node:buffer';
import { Agent, FormData } from 'undici';
import type { Platform } from './platform';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { postToPlatform, SendOutcome } from './platform-messenger';
import type { OnWire } from './wire-watch';

export type MediaKind = 'photo' | 'audio' | 'file';

export interface MediaFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** A send with a file; `fileRef` is the platform's handle of the file once it is uploaded. */
export type MediaOutcome = SendOutcome & { fileRef?: string; method: string };

/** MAX's upload did not give a token. */
export class MediaUploadError extends Error {}

const TELEGRAM_METHOD: Record<MediaKind, { method: string; field: string }> = {
  photo: { method: 'sendPhoto', field: 'photo' },
  audio: { method: 'sendAudio', field: 'audio' },
  file: { method: 'sendDocument', field: 'document' },
};
const MAX_TYPE: Record<MediaKind, string> = { photo: 'image', audio: 'audio', file: 'file' };
const SEND_TIMEOUT_MS = 30_000;
// Uploads carry up to 50 MB.
const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * Sends a file with a caption to one user, for closed broadcasts. A file is uploaded once and then
 * sent by reference to everyone else: Telegram returns a `file_id` with the first sent message;
 * MAX uploads first (`POST /uploads?type=…`, then the bytes to the returned URL) and gives a token
 * to attach (`attachments: [{ type, payload: { token } }]`).
 */
@Injectable()
export class PlatformMediaSender implements OnApplicationShutdown {
  private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Telegram: the bytes go along with the first send (`fileRef` null); later sends pass the file_id. */
  async sendTelegram(
    token: string,
    userId: string,
    kind: MediaKind,
    file: MediaFile,
    fileRef: string | null,
    caption: string,
    onWire?: OnWire,
  ): Promise<MediaOutcome> {
    const { method, field } = TELEGRAM_METHOD[kind];
    const url = `${this.config.telegramApiUrl}/bot${token}/${method}`;
    let body: string | FormData;
    let headers: Record<string, string> = {};
    if (fileRef) {
      body = JSON.stringify({ chat_id: userId, [field]: fileRef, ...(caption ? { caption } : {}) });
      headers = { 'content-type': 'application/json' };
    } else {
      const form = new FormData();
      form.append('chat_id', userId);
      if (caption) form.append('caption', caption);
      form.append(field, new Blob([file.bytes], { type: file.mimeType }), file.fileName);
      body = form;
    }
    const outcome = await this.post(
      'telegram',
      url,
      headers,
      body,
      fileRef ? SEND_TIMEOUT_MS : UPLOAD_TIMEOUT_MS,
      onWire,
    );
    if (!outcome.accepted) return { ...outcome, method: method.toLowerCase() };
    return {
      ...outcome,
      method: method.toLowerCase(),
      fileRef: fileRef ?? telegramFileId(kind, outcome.result) ?? undefined,
    };
  }

  /** MAX: uploads the file and returns the token every later message attaches. */
  async uploadMax(token: string, kind: MediaKind, file: MediaFile): Promise<string> {
    const slot = await this.post(
      'max',
      `${this.config.maxApiUrl}/uploads?type=${MAX_TYPE[kind]}`,
      { authorization: token },
      '',
      SEND_TIMEOUT_MS,
    );
    const slotAnswer = slot.answer as { url?: unknown; token?: unknown } | undefined;
    if (!slot.accepted || typeof slotAnswer?.url !== 'string')
      throw new MediaUploadError(`max upload slot ${slot.accepted ? 'without url' : slot.status}`);
    const form = new FormData();
    form.append('data', new Blob([file.bytes], { type: file.mimeType }), file.fileName);
    // The upload URL is MAX's file host; it takes no bot token.
    const uploaded = await this.post('max', slotAnswer.url, {}, form, UPLOAD_TIMEOUT_MS);
    if (!uploaded.accepted) throw new MediaUploadError(`max upload ${uploaded.status}`);
    const ref = maxUploadToken(uploaded.answer) ?? (typeof slotAnswer.token === 'string' ? slotAnswer.token : null);
    if (!ref) throw new MediaUploadError('max upload answered without a token');
    return ref;
  }

  sendMax(
    token: string,
    userId: string,
    kind: MediaKind,
    fileRef: string,
    text: string,
    onWire?: OnWire,
  ): Promise<MediaOutcome> {
    const url = `${this.config.maxApiUrl}/messages?user_id=${encodeURIComponent(userId)}`;
    const body = JSON.stringify({ text, attachments: [{ type: MAX_TYPE[kind], payload: { token: fileRef } }] });
    return this.post(
      'max',
      url,
      { authorization: token, 'content-type': 'application/json' },
      body,
      SEND_TIMEOUT_MS,
      onWire,
    ).then((outcome) => ({
      ...outcome,
      method: 'POST /messages',
    }));
  }

  private post(
    platform: Platform,
    url: string,
    headers: Record<string, string>,
    body: string | FormData,
    timeoutMs: number,
    onWire?: OnWire,
  ): Promise<SendOutcome> {
    return postToPlatform(this.agent, platform, url, headers, body, timeoutMs, onWire);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

function telegramFileId(kind: MediaKind, result: unknown): string | null {
  const message = result as
    { photo?: Array<{ file_id?: string }>; audio?: { file_id?: string }; document?: { file_id?: string } } | undefined;
  if (kind === 'photo') return message?.photo?.at(-1)?.file_id ?? null;
  if (kind === 'audio') return message?.audio?.file_id ?? null;
  return message?.document?.file_id ?? null;
}

/** Images answer `{ photos: { <key>: { token } } }`, files `{ token }`; audio's token came with the upload slot. */
function maxUploadToken(answer: unknown): string | null {
  const value = answer as { token?: unknown; photos?: Record<string, { token?: unknown }> } | undefined;
  if (typeof value?.token === 'string') return value.token;
  const photo = value?.photos ? Object.values(value.photos)[0] : undefined;
  return typeof photo?.token === 'string' ? photo.token : null;
}
