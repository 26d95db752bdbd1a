import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OverrideDefinitionEntity } from './override-definition.entity.js';

@Injectable()
export class OverrideDefinitionsRepository {
  constructor(
    @InjectRepository(OverrideDefinitionEntity) private readonly repo: Repository<OverrideDefinitionEntity>,
  ) {}

  listAll(): Promise<OverrideDefinitionEntity[]> {
    return this.repo.find({ order: { id: 'ASC' } });
  }

  findById(id: number): Promise<OverrideDefinitionEntity | null> {
    return this.repo.findOneBy({ id });
  }

  findByKey(key: string): Promise<OverrideDefinitionEntity | null> {
    return this.repo.findOneBy({ overrideKey: key });
  }

  async allKeys(): Promise<Set<string>> {
    const rows = await this.repo.find({ select: { overrideKey: true } });
    return new Set(rows.map((r) => r.overrideKey));
  }

  insert(fields: Partial<OverrideDefinitionEntity>): Promise<OverrideDefinitionEntity> {
    return this.repo.save(this.repo.create(fields));
  }

  async update(id: number, fields: Partial<OverrideDefinitionEntity>): Promise<void> {
    await this.repo.update({ id }, fields);
  }

  async delete(id: number, manager: EntityManager = this.repo.manager): Promise<void> {
    await manager.delete(OverrideDefinitionEntity, { id });
  }

  /** The definition, locked to the end of the transaction: links being added to it are waited for. */
  findForDelete(id: number, manager: EntityManager): Promise<OverrideDefinitionEntity | null> {
    return manager
      .createQueryBuilder(OverrideDefinitionEntity, 'd')
      .where('d.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }

  /** Names of the workflows that expose this definition. */
  async workflowsUsing(id: number, manager: EntityManager = this.repo.manager): Promise<string[]> {
    const rows: Array<{ name: string }> = await manager.query(
      `SELECT w.name FROM workflow_overrides o JOIN workflows w ON w.id = o.workflow_id
        WHERE o.override_definition_id = $1 ORDER BY w.name`,
      [id],
    );
    return rows.map((r) => r.name);
  }
}
