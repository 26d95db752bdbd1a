import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One entity for the gallery folder manager and the admin per-user folders (DESIGN section 3). */
@Entity('folders')
export class FolderEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column('integer', { name: 'user_id' })
  userId!: number;

  @Column('text')
  name!: string;

  /** Lower-case `1-9` or `a-z`; shown upper-case in admin screens. */
  @Column('text', { nullable: true })
  hotkey!: string | null;

  @Column('text')
  color!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
