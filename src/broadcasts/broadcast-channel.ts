import { Injectable } from '@nestjs/common';
import type { Bot } from '../bots/bot.entity';
import { PlatformMediaSender, MediaFile } from '../platforms/platform-media-sender';
import { PlatformMessenger, SendOutcome } from '../platforms/platform-messenger';
import type { OnWire } from '../platforms/wire-watch';
import { BroadcastFileStore } from './broadcast-file-store';
import { BroadcastLinks } from './broadcast-links';
import { BroadcastRow, BroadcastStore } from './broadcast-store';
import type { Recipient } from './recipient-store';

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
  send(
    recipient: Pick<Recipient, 'contact_id' | 'external_user_id' | 'variant'>,
    onWire?: OnWire,
  ): Promise<ChannelSend>;
}

/** One way of sending: a text, or the broadcast's file with the text as its caption. */
interface Sender {
  readonly sendsAlone: boolean;
  send(userId: string, text: string, onWire?: OnWire): Promise<ChannelSend>;
}

/**
 * Builds the channel of a broadcast; for MAX files it uploads first (once per broadcast, kept for resumes). Each
 * recipient gets its variant's text (A/B broadcasts) with its own tracked links (track_links), and the file when
 * its variant carries it.
 */
@Injectable()
export class BroadcastChannels {
  constructor(
    private readonly messenger: PlatformMessenger,
    private readonly media: PlatformMediaSender,
    private readonly store: BroadcastStore,
    private readonly files: BroadcastFileStore,
    private readonly links: BroadcastLinks,
  ) {}

  async open(broadcast: BroadcastRow, bot: Bot, token: string): Promise<BroadcastChannel> {
    const personalise = await this.links.prepare(broadcast);
    const kind = broadcast.kind;
    const file = kind ? await this.files.load(broadcast.id) : null;
    const method = bot.platform === 'telegram' ? 'sendmessage' : 'POST /messages';
    const textSender: Sender = {
      sendsAlone: false,
      send: async (userId, text, onWire) => ({
        outcome: await this.messenger.sendText(bot.platform, token, userId, text, onWire),
        method,
      }),
    };
    const fileSender = kind && file ? await this.fileSender(broadcast, bot, token, kind, file) : null;
    const variants = broadcast.variants;
    return {
      get sendsAlone() {
        return fileSender?.sendsAlone ?? false;
      },
      send: (recipient, onWire) => {
        const variant = variants && recipient.variant !== null ? variants[recipient.variant] : null;
        const text = personalise(variant ? variant.text : broadcast.text, recipient.contact_id);
        const withFile = fileSender && (variant ? variant.file : true);
        return (withFile ? fileSender : textSender).send(recipient.external_user_id, text, onWire);
      },
    };
  }

  private async fileSender(
    broadcast: BroadcastRow,
    bot: Bot,
    token: string,
    kind: 'photo' | 'audio' | 'file',
    file: MediaFile,
  ): Promise<Sender> {
    if (bot.platform === 'max') {
      let ref = broadcast.platform_file_ref;
      if (!ref) {
        ref = await this.media.uploadMax(token, kind, file);
        await this.store.setFileRef(broadcast.id, ref);
      }
      const fileRef = ref;
      return {
        sendsAlone: false,
        send: async (userId, text, onWire) => {
          const sent = await this.media.sendMax(token, userId, kind, fileRef, text, onWire);
          return { outcome: sent, method: sent.method };
        },
      };
    }
    return new TelegramFileSender(this.media, this.store, broadcast.id, token, kind, file, broadcast.platform_file_ref);
  }
}

/** Telegram takes the bytes with the first send and answers a file_id that every later send reuses. */
class TelegramFileSender implements Sender {
  constructor(
    private readonly media: PlatformMediaSender,
    private readonly store: BroadcastStore,
    private readonly broadcastId: string,
    private readonly token: string,
    private readonly kind: 'photo' | 'audio' | 'file',
    private readonly file: MediaFile,
    private fileRef: string | null,
  ) {}

  get sendsAlone(): boolean {
    return this.fileRef === null;
  }

  async send(userId: string, caption: string, onWire?: OnWire): Promise<ChannelSend> {
    const sent = await this.media.sendTelegram(this.token, userId, this.kind, this.file, this.fileRef, caption, onWire);
    if (sent.accepted && !this.fileRef && sent.fileRef) {
      this.fileRef = sent.fileRef;
      await this.store.setFileRef(this.broadcastId, sent.fileRef);
    }
    return { outcome: sent, method: sent.method };
  }
}
