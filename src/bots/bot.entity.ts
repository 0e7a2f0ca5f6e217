import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Platform } from '../platforms/platform';
import type { AlertRules } from './alert-rules';

@Entity('bots')
export class Bot {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  platform: Platform;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  username: string | null;

  @Column('text', { name: 'avatar_url', nullable: true })
  avatarUrl: string | null;

  /** The bot's own id on the platform (Telegram `id`, MAX `user_id`), known once a token was checked. */
  @Column('text', { name: 'platform_bot_id', nullable: true })
  platformBotId: string | null;

  /** AES-256-GCM sealed token; never returned by any API. */
  @Column('text', { name: 'token_encrypted', nullable: true })
  tokenEncrypted: string | null;

  /** Keyed hash of (platform, token): how the mirror finds the bot without decrypting anything. */
  @Column('text', { name: 'token_hash', nullable: true })
  tokenHash: string | null;

  @Column('text', { name: 'proxy_secret' })
  proxySecret: string;

  @Column('text', { name: 'target_url', nullable: true })
  targetUrl: string | null;

  @Column('text', { name: 'utm_key' })
  utmKey: string;

  @Column('boolean')
  active: boolean;

  /** Secret given to the platform with the webhook; its header is checked on every proxied update. */
  @Column('text', { name: 'webhook_secret', nullable: true })
  webhookSecret: string | null;

  @Column('text', { name: 'last_forward_error', nullable: true })
  lastForwardError: string | null;

  @Column('timestamptz', { name: 'last_forward_at', nullable: true })
  lastForwardAt: Date | null;

  /** An inbound message not answered within this many seconds counts as unanswered (issue 27). */
  @Column('integer', { name: 'reply_window_s', default: 300 })
  replyWindowS: number;

  /** The alert rules the owner changed from the defaults (alert-rules.ts). */
  @Column('jsonb', { name: 'alert_rules', default: () => "'{}'" })
  alertRules: Partial<AlertRules>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}
