import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../database/column-transformers.js';

@Entity('assets')
export class AssetEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('text')
  type!: string;

  @Column('text')
  filename!: string;

  @Column('text', { name: 'display_name' })
  displayName!: string;

  @Column('text', { name: 'mime_type' })
  mimeType!: string;

  @Column('bigint', { name: 'size_bytes', transformer: bigintToNumber })
  sizeBytes!: number;

  @Column('text')
  sha256!: string;

  @Column('integer', { name: 'uploaded_by', nullable: true })
  uploadedBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
