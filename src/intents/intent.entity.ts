import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('intents')
export class Intent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'bot_id' })
  botId: string;

  @Column('text')
  name: string;

  @Column('text')
  description: string;

  @Column('text')
  color: string;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @Column('text', { array: true })
  keywords: string[];

  @Column('text', { array: true })
  patterns: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
