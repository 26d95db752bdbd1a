import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, QueryDeepPartialEntity, Repository } from 'typeorm';
import { OverrideDefinitionEntity } from '../override-definitions/override-definition.entity.js';
import { WorkflowOverrideEntity } from './workflow-override.entity.js';

export interface OverrideLinkRow {
  link: WorkflowOverrideEntity;
  definition: OverrideDefinitionEntity;
}

@Injectable()
export class WorkflowOverridesRepository {
  constructor(@InjectRepository(WorkflowOverrideEntity) private readonly repo: Repository<WorkflowOverrideEntity>) {}

  async listForWorkflow(workflowId: number, manager: EntityManager = this.repo.manager): Promise<OverrideLinkRow[]> {
    const links = await manager.find(WorkflowOverrideEntity, {
      where: { workflowId },
      order: { displayOrder: 'ASC', id: 'ASC' },
    });
    if (!links.length) return [];
    const definitions = await manager
      .createQueryBuilder(OverrideDefinitionEntity, 'd')
      .where('d.id IN (:...ids)', { ids: links.map((l) => l.overrideDefinitionId) })
      .getMany();
    const byId = new Map(definitions.map((d) => [d.id, d]));
    return links.flatMap((link) => {
      const definition = byId.get(link.overrideDefinitionId);
      return definition ? [{ link, definition }] : [];
    });
  }

  /**
   * The definitions, held FOR SHARE to the end of the transaction: a delete of one (which checks
   * that no workflow uses it) waits for this link to be written and then sees it.
   */
  findDefinitions(ids: number[], manager: EntityManager): Promise<OverrideDefinitionEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return manager
      .createQueryBuilder(OverrideDefinitionEntity, 'd')
      .where('d.id IN (:...ids)', { ids })
      .setLock('pessimistic_read')
      .getMany();
  }

  /**
   * Serialises every change to one workflow's links (each reads the list, checks it, then writes) by
   * locking the workflow's row, and marks it changed: a slug editor opened before then finds its copy
   * old (expected_updated_at) instead of saving its list over this change.
   */
  async lockWorkflow(workflowId: number, manager: EntityManager): Promise<void> {
    await manager.query('UPDATE workflows SET updated_at = now() WHERE id = $1', [workflowId]);
  }

  findLink(
    workflowId: number,
    linkId: number,
    manager: EntityManager = this.repo.manager,
  ): Promise<WorkflowOverrideEntity | null> {
    return manager.findOneBy(WorkflowOverrideEntity, { id: linkId, workflowId });
  }

  count(workflowId: number, manager: EntityManager = this.repo.manager): Promise<number> {
    return manager.countBy(WorkflowOverrideEntity, { workflowId });
  }

  insert(
    fields: Partial<WorkflowOverrideEntity>,
    manager: EntityManager = this.repo.manager,
  ): Promise<WorkflowOverrideEntity> {
    return manager.save(WorkflowOverrideEntity, manager.create(WorkflowOverrideEntity, fields));
  }

  async update(
    id: number,
    fields: Partial<WorkflowOverrideEntity>,
    manager: EntityManager = this.repo.manager,
  ): Promise<void> {
    // jsonb columns are typed `unknown`, which TypeORM's deep-partial type cannot express
    await manager.update(WorkflowOverrideEntity, { id }, fields as QueryDeepPartialEntity<WorkflowOverrideEntity>);
  }

  async delete(ids: number[], manager: EntityManager = this.repo.manager): Promise<void> {
    if (ids.length) await manager.delete(WorkflowOverrideEntity, ids);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }
}
