import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Once a user has any grant, only granted workflows are visible to them (SPEC section 6). */
@Entity('workflow_permissions')
export class WorkflowPermissionEntity {
  @PrimaryColumn('integer', { name: 'user_id' })
  userId!: number;

  @PrimaryColumn('integer', { name: 'workflow_id' })
  workflowId!: number;

  @Column('integer', { name: 'granted_by', nullable: true })
  grantedBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
