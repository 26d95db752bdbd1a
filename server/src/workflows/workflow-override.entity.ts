import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A link from a slug workflow to an override definition it exposes. */
@Entity('workflow_overrides')
export class WorkflowOverrideEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('integer', { name: 'workflow_id' })
  workflowId!: number;

  @Column('integer', { name: 'override_definition_id' })
  overrideDefinitionId!: number;

  @Column('boolean', { name: 'is_required' })
  isRequired!: boolean;

  @Column('jsonb', { name: 'default_value', nullable: true })
  defaultValue!: unknown;

  @Column('text', { name: 'ui_parameter_name' })
  uiParameterName!: string;

  @Column('integer', { name: 'display_order' })
  displayOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
