import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { JobStatus, RejectionReason } from '@atelier/shared';

/** One row per submitted job, whatever its batch size (DESIGN section 3, Batches). */
@Entity('jobs')
export class JobEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('integer', { name: 'user_id' })
  userId!: number;

  @Column('integer', { name: 'workflow_id', nullable: true })
  workflowId!: number | null;

  @Column('text', { name: 'workflow_name' })
  workflowName!: string;

  @Column('text', { name: 'job_name' })
  jobName!: string;

  @Column('jsonb')
  parameters!: Record<string, unknown>;

  @Column('integer', { name: 'batch_size' })
  batchSize!: number;

  @Column('integer', { name: 'batch_completed' })
  batchCompleted!: number;

  @Column('integer', { name: 'failed_count' })
  failedCount!: number;

  @Column('integer', { name: 'rejection_count' })
  rejectionCount!: number;

  @Column('jsonb', { name: 'rejection_reasons' })
  rejectionReasons!: RejectionReason[];

  /** Checkpoint: the first batch index not yet finished. */
  @Column('integer', { name: 'next_batch_index' })
  nextBatchIndex!: number;

  /** The Idempotency-Key of the submit attempt that made it: a resend of that attempt answers this job. */
  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey!: string | null;

  @Column('text')
  status!: JobStatus;

  @Column('integer')
  priority!: number;

  @Column('text', { name: 'error_message', nullable: true })
  errorMessage!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt!: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;

  @Column('double precision', { name: 'actual_duration', nullable: true })
  actualDuration!: number | null;

  @Column('double precision', { name: 'estimated_duration', nullable: true })
  estimatedDuration!: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
