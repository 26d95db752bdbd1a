import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@atelier/shared';
import { encryptedText } from '../secrets/encrypted-column.js';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('text')
  username!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text')
  role!: Role;

  @Column('text', { name: 'eok_api_key', nullable: true, transformer: encryptedText })
  eokApiKey!: string | null;

  @Column('timestamptz', { name: 'password_changed_at' })
  passwordChangedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
