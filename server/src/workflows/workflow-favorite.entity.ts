import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('workflow_favorites')
export class WorkflowFavoriteEntity {
  @PrimaryColumn('integer', { name: 'user_id' })
  userId!: number;

  @PrimaryColumn('integer', { name: 'workflow_id' })
  workflowId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
