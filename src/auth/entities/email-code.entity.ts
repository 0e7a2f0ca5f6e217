import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one pending confirmation code of a user; a new code replaces the old one. */
@Entity('email_codes')
export class EmailCode {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'code_hash' })
  codeHash: string;

  @Column('integer')
  attempts: number;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
