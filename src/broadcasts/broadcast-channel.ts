import { Injectable } from '@nestjs/common';
import type { Bot } from '../bots/bot.entity';
import { PlatformMediaSender, MediaFile } from '../platforms/platform-media-sender';
import { PlatformMessenger, SendOutcome } from '../platforms/platform-messenger';
import type { OnWire } from '../platforms/wire-watch';
import { BroadcastFileStore } from './broadcast-file-store';
import { BroadcastRow, BroadcastStore } from './broadcast-store';

/** What one send to one user produced, and the method name CaptureService records it under. */
export interface ChannelSend {
  outcome: SendOutcome;
  method: string;
}

/** How a broadcast reaches one user: a text, or its file (with the text as caption) by reference once uploaded. */
export interface BroadcastChannel {
  /** True while a file still has to travel with a send: that send must finish before the next starts. */
  readonly sendsAlone: boolean;
  /** `onWire` learns when the call left this process (not called for an upload). */
  send(userId: string, onWire?: OnWire): Promise<ChannelSend>;
}

/** Builds the channel of a broadcast; for MAX files it uploads first (once per broadcast, kept for resumes). */
@Injectable()
export class BroadcastChannels {
  constructor(
    private readonly messenger: PlatformMessenger,
    private readonly media: PlatformMediaSender,
    private readonly store: BroadcastStore,
    private readonly files: BroadcastFileStore,
  ) {}

  async open(broadcast: BroadcastRow, bot: Bot, token: string): Promise<BroadcastChannel> {
    const text = broadcast.text;
    const kind = broadcast.kind;
    const file = kind ? await this.files.load(broadcast.id) : null;
    if (!kind || !file) {
      const method = bot.platform === 'telegram' ? 'sendmessage' : 'POST /messages';
      return {
        sendsAlone: false,
        send: async (userId, onWire) => ({
          outcome: await this.messenger.sendText(bot.platform, token, userId, text, onWire),
          method,
        }),
      };
    }
    if (bot.platform === 'max') {
      let ref = broadcast.platform_file_ref;
      if (!ref) {
        ref = await this.media.uploadMax(token, kind, file);
        await this.store.setFileRef(broadcast.id, ref);
      }
      const fileRef = ref;
      return {
        sendsAlone: false,
        send: async (userId, onWire) => {
          const sent = await this.media.sendMax(token, userId, kind, fileRef, text, onWire);
          return { outcome: sent, method: sent.method };
        },
      };
    }
    return new TelegramFileChannel(
      this.media,
      this.store,
      broadcast.id,
      token,
      kind,
      file,
      broadcast.platform_file_ref,
      text,
    );
  }
}

/** Telegram takes the bytes with the first send and answers a file_id that every later send reuses. */
class TelegramFileChannel implements BroadcastChannel {
  constructor(
    private readonly media: PlatformMediaSender,
    private readonly store: BroadcastStore,
    private readonly broadcastId: string,
    private readonly token: string,
    private readonly kind: 'photo' | 'audio' | 'file',
    private readonly file: MediaFile,
    private fileRef: string | null,
    private readonly caption: string,
  ) {}

  get sendsAlone(): boolean {
    return this.fileRef === null;
  }

  async send(userId: string, onWire?: OnWire): Promise<ChannelSend> {
    const sent = await this.media.sendTelegram(
      this.token,
      userId,
      this.kind,
      this.file,
      this.fileRef,
      this.caption,
      onWire,
    );
    if (sent.accepted && !this.fileRef && sent.fileRef) {
      this.fileRef = sent.fileRef;
      await this.store.setFileRef(this.broadcastId, sent.fileRef);
    }
    return { outcome: sent, method: sent.method };
  }
}
