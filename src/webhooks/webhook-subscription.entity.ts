import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const WEBHOOK_EVENTS = [
  'message.created',
  'message.outbound',
  'contact.created',
  'test.ping',
  'button.pressed',
  'intent.matched',
  'broadcast.completed',
  'funnel.step_passed',
  'payment.succeeded',
  'payment.refunded',
  'link.clicked',
  'bot.alert.opened',
  'bot.alert.resolved',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

@Entity('webhook_subscriptions')
export class WebhookSubscription {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  /** When set, only this bot's events are delivered; otherwise all the user's bots'. */
  @Column('uuid', { name: 'bot_id', nullable: true })
  botId: string | null;

  @Column('text')
  url: string;

  @Column('text', { array: true })
  events: WebhookEvent[];

  /** The `whsec_…` signing secret, sealed with AES-256-GCM: it must be read back to sign, so it cannot be hashed. */
  @Column('text', { name: 'secret_encrypted' })
  secretEncrypted: string;

  @Column('boolean')
  active: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
