import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { GalleryStatus } from '@atelier/shared';
import { bigintToNumber } from '../database/column-transformers.js';

/**
 * One produced file. job_name and workflow_name are copied from the job so gallery filters and
 * search run on this one table at a million rows.
 */
@Entity('gallery_items')
export class GalleryItemEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('integer', { name: 'user_id' })
  userId!: number;

  @Column('integer', { name: 'job_id' })
  jobId!: number;

  @Column('integer', { name: 'batch_index' })
  batchIndex!: number;

  @Column('integer', { name: 'output_index' })
  outputIndex!: number;

  @Column('text', { name: 'file_path' })
  filePath!: string;

  @Column('text', { name: 'thumbnail_path', nullable: true })
  thumbnailPath!: string | null;

  @Column('text', { name: 'media_type' })
  mediaType!: 'image' | 'video';

  @Column('text', { name: 'content_type', nullable: true })
  contentType!: string | null;

  @Column('bigint', { name: 'size_bytes', nullable: true, transformer: bigintToNumber })
  sizeBytes!: number | null;

  @Column('integer', { nullable: true })
  width!: number | null;

  @Column('integer', { nullable: true })
  height!: number | null;

  @Column('text', { name: 'job_name' })
  jobName!: string;

  @Column('text', { name: 'workflow_name' })
  workflowName!: string;

  @Column('integer', { name: 'folder_id', nullable: true })
  folderId!: number | null;

  @Column('text')
  status!: GalleryStatus;

  @Column('bigint', { name: 'seed_used', nullable: true, transformer: bigintToNumber })
  seedUsed!: number | null;

  @Column('text', { name: 'user_tags', array: true })
  userTags!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'archived_at', nullable: true })
  archivedAt!: Date | null;
}
