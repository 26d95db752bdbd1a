import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('configurations')
export class ConfigurationEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('integer', { name: 'user_id' })
  userId!: number;

  @Column('integer', { name: 'workflow_id' })
  workflowId!: number;

  @Column('text', { name: 'config_name' })
  configName!: string;

  @Column('jsonb', { name: 'parameter_values' })
  parameterValues!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
