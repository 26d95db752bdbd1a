import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OverrideDefinitionEntity } from './override-definition.entity.js';

export interface LinkDefault {
  id: number;
  workflow_name: string;
  default_value: unknown;
}

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

  async update(id: number, fields: Partial<OverrideDefinitionEntity>, manager: EntityManager): Promise<void> {
    await manager.update(OverrideDefinitionEntity, { id }, fields);
  }

  /** The default each workflow link to this definition holds, with the workflow's name. */
  linkDefaults(id: number, manager: EntityManager): Promise<LinkDefault[]> {
    return manager.query(
      `SELECT o.id, w.name AS workflow_name, o.default_value FROM workflow_overrides o
         JOIN workflows w ON w.id = o.workflow_id
        WHERE o.override_definition_id = $1 ORDER BY w.name`,
      [id],
    );
  }

  /** Writes new defaults to these links, in one statement however many there are. */
  async setLinkDefaults(changes: Array<{ id: number; value: unknown }>, manager: EntityManager): Promise<void> {
    if (changes.length === 0) return;
    await manager.query(
      `UPDATE workflow_overrides o SET default_value = c.value
         FROM jsonb_to_recordset($1::jsonb) AS c(id int, value jsonb) WHERE o.id = c.id`,
      [JSON.stringify(changes)],
    );
  }

  async delete(id: number, manager: EntityManager = this.repo.manager): Promise<void> {
    await manager.delete(OverrideDefinitionEntity, { id });
  }

  /** The definition, locked to the end of the transaction: links being added to it are waited for. */
  findLocked(id: number, manager: EntityManager): Promise<OverrideDefinitionEntity | null> {
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
