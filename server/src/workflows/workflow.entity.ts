import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ConfigurableParam, SeedMode, WorkflowType } from '@atelier/shared';

@Entity('workflows')
export class WorkflowEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('text')
  name!: string;

  @Column('text')
  category!: string;

  @Column('text', { array: true })
  tags!: string[];

  @Column('text', { name: 'workflow_type' })
  workflowType!: WorkflowType;

  @Column('text', { name: 'workflow_slug', nullable: true })
  workflowSlug!: string | null;

  /** The base workflow file a `comfyui` workflow is synced from. */
  @Column('text', { name: 'source_file', nullable: true })
  sourceFile!: string | null;

  /** ComfyUI API-format graph of a `comfyui` workflow. */
  @Column('jsonb', { nullable: true })
  graph!: Record<string, unknown> | null;

  @Column('jsonb', { name: 'configurable_params', nullable: true })
  configurableParams!: Record<string, ConfigurableParam> | null;

  @Column('text', { name: 'eok_runtime', nullable: true })
  eokRuntime!: string | null;

  @Column('text', { name: 'eok_bucket_name', nullable: true })
  eokBucketName!: string | null;

  @Column('text', { name: 'eok_provider' })
  eokProvider!: string;

  @Column('text', { name: 'eok_generation_type' })
  eokGenerationType!: string;

  @Column('text', { name: 'eok_pre_classification_type' })
  eokPreClassificationType!: string;

  @Column('text', { name: 'eok_post_classification_type' })
  eokPostClassificationType!: string;

  @Column('text', { name: 'seed_mode' })
  seedMode!: SeedMode;

  @Column('text', { name: 'download_dir', nullable: true })
  downloadDir!: string | null;

  /** Set when a synced base workflow file is deleted, so its jobs keep their workflow. */
  @Column('boolean', { name: 'is_hidden' })
  isHidden!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
