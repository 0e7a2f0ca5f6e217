import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One delivery attempt (the service never retries). */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('uuid', { name: 'subscription_id' })
  subscriptionId: string;

  @Column('text')
  event: string;

  @Column('integer', { name: 'status_code', nullable: true })
  statusCode: number | null;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('integer', { name: 'duration_ms' })
  durationMs: number;

  /** The first 500 characters of the body sent (null for records older than the column). */
  @Column('text', { name: 'body_preview', nullable: true })
  bodyPreview: string | null;

  /** The first 500 characters of the receiver's answer; null when none came. */
  @Column('text', { name: 'response_preview', nullable: true })
  responsePreview: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
