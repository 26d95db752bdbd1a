import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OverrideDataType, ValidationRules } from '@atelier/shared';

@Entity('override_definitions')
export class OverrideDefinitionEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('text', { name: 'override_key' })
  overrideKey!: string;

  @Column('text', { name: 'display_name' })
  displayName!: string;

  @Column('text', { nullable: true })
  description!: string | null;

  @Column('text', { name: 'data_type' })
  dataType!: OverrideDataType;

  @Column('jsonb', { name: 'validation_rules' })
  validationRules!: ValidationRules;

  @Column('text', { nullable: true })
  category!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
