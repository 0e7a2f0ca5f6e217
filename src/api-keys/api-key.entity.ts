import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiScope } from '../auth/principal';

/** An open-API key. Only its SHA-256 is stored; `keyHint` (prefix and last characters) helps owners tell keys apart. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  name: string;

  @Column('text', { name: 'key_hash' })
  keyHash: string;

  @Column('text', { name: 'key_hint' })
  keyHint: string;

  @Column('text', { array: true })
  scopes: ApiScope[];

  @Column('timestamptz', { name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
