import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, QueryDeepPartialEntity, Repository } from 'typeorm';
import { containsPattern } from '../common/sql-like.js';
import { WorkflowFavoriteEntity } from './workflow-favorite.entity.js';
import { WorkflowEntity } from './workflow.entity.js';

export interface WorkflowListFilter {
  userId: number;
  allowedIds: number[] | null;
  category?: string;
  tags: string[];
  search?: string;
  favoritesOnly: boolean;
}

export interface WorkflowRow {
  workflow: WorkflowEntity;
  isFavorite: boolean;
  overrideCount: number;
}

@Injectable()
export class WorkflowsRepository {
  constructor(
    @InjectRepository(WorkflowEntity) private readonly repo: Repository<WorkflowEntity>,
    @InjectRepository(WorkflowFavoriteEntity) private readonly favorites: Repository<WorkflowFavoriteEntity>,
  ) {}

  private visible(allowedIds: number[] | null) {
    const qb = this.repo.createQueryBuilder('w').where('w.is_hidden = false');
    if (allowedIds) qb.andWhere('w.id = ANY(:allowedIds)', { allowedIds });
    return qb;
  }

  async list(filter: WorkflowListFilter): Promise<WorkflowRow[]> {
    const qb = this.visible(filter.allowedIds)
      .addSelect('(SELECT count(*) FROM workflow_overrides o WHERE o.workflow_id = w.id)', 'override_count')
      .addSelect(
        'EXISTS (SELECT 1 FROM workflow_favorites f WHERE f.workflow_id = w.id AND f.user_id = :userId)',
        'is_favorite',
      )
      .setParameter('userId', filter.userId);
    if (filter.category) qb.andWhere('w.category = :category', { category: filter.category });
    // a tag is one tag however it is capitalised, as one workflow's own list already treats it
    if (filter.tags.length)
      // both sides lowered by PostgreSQL: JavaScript's lower case differs from the database locale's
      qb.andWhere(
        'ARRAY(SELECT lower(t) FROM unnest(w.tags) t) @> ARRAY(SELECT lower(t) FROM unnest(:tags::text[]) t)',
        {
          tags: filter.tags,
        },
      );
    if (filter.search) {
      qb.andWhere(
        `(w.name ILIKE :search OR w.workflow_slug ILIKE :search OR w.category ILIKE :search
          OR array_to_string(w.tags, ' ') ILIKE :search)`,
        { search: containsPattern(filter.search) },
      );
    }
    if (filter.favoritesOnly) {
      qb.andWhere('EXISTS (SELECT 1 FROM workflow_favorites f WHERE f.workflow_id = w.id AND f.user_id = :userId)');
    }
    qb.orderBy('lower(w.name)', 'ASC').addOrderBy('w.id', 'ASC');
    const { entities, raw } = await qb.getRawAndEntities<{ override_count: string; is_favorite: boolean }>();
    return entities.map((workflow, i) => ({
      workflow,
      isFavorite: raw[i]?.is_favorite === true,
      overrideCount: Number(raw[i]?.override_count ?? 0),
    }));
  }

  findById(id: number): Promise<WorkflowEntity | null> {
    return this.repo.findOneBy({ id });
  }

  async categoriesInUse(allowedIds: number[] | null): Promise<string[]> {
    const rows = await this.visible(allowedIds)
      .select('DISTINCT w.category', 'category')
      .getRawMany<{ category: string }>();
    return rows.map((r) => r.category);
  }

  /** Each tag once whatever its capitals ('Portrait' on one workflow, 'portrait' on another), in its first spelling. */
  async tagsInUse(allowedIds: number[] | null): Promise<string[]> {
    const rows = await this.visible(allowedIds).select('DISTINCT unnest(w.tags)', 'tag').getRawMany<{ tag: string }>();
    const byKey = new Map<string, string>();
    for (const tag of rows.map((r) => r.tag).sort())
      if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
    return [...byKey.values()].sort((a, b) => a.localeCompare(b));
  }

  async slugsInUse(): Promise<string[]> {
    const rows = await this.repo
      .createQueryBuilder('w')
      .select('DISTINCT w.workflow_slug', 'slug')
      .where(`w.workflow_type = 'slug'`)
      .getRawMany<{ slug: string }>();
    return rows.map((r) => r.slug);
  }

  /** Names of the visible slug workflows that run the base workflow `slug`. */
  async slugWorkflowNamesRunning(slug: string): Promise<string[]> {
    const rows = await this.repo.find({
      select: { name: true },
      where: { workflowType: 'slug', workflowSlug: slug, isHidden: false },
      order: { name: 'ASC' },
    });
    return rows.map((w) => w.name);
  }

  async isFavorite(userId: number, workflowId: number): Promise<boolean> {
    return this.favorites.existsBy({ userId, workflowId });
  }

  /** Flips the favourite in one statement pair inside a transaction; returns the new state. */
  async toggleFavorite(userId: number, workflowId: number): Promise<boolean> {
    return this.repo.manager.transaction(async (m) => {
      // toggles of one favourite queue behind each other: two at once both found no row to delete and
      // both answered 'now a favourite', so three quick clicks left it as it was
      // (the two-key advisory locks are a key space of their own; only this takes them)
      await m.query('SELECT pg_advisory_xact_lock($1, $2)', [userId, workflowId]);
      const removed = await m.delete(WorkflowFavoriteEntity, { userId, workflowId });
      if (removed.affected) return false;
      await m
        .createQueryBuilder()
        .insert()
        .into(WorkflowFavoriteEntity)
        .values({ userId, workflowId })
        .orIgnore()
        .execute();
      return true;
    });
  }

  insert(fields: Partial<WorkflowEntity>, manager: EntityManager = this.repo.manager): Promise<WorkflowEntity> {
    return manager.save(WorkflowEntity, manager.create(WorkflowEntity, fields));
  }

  async update(id: number, fields: Partial<WorkflowEntity>, manager: EntityManager = this.repo.manager): Promise<void> {
    // jsonb columns are typed `unknown`, which TypeORM's deep-partial type cannot express
    await manager.update(WorkflowEntity, { id }, fields as QueryDeepPartialEntity<WorkflowEntity>);
  }

  /**
   * Deletes the workflow unless it is the last grant of a role-`user` account: the grants go with
   * the workflow, and a user with no grants sees every workflow. Answers the usernames that stop it.
   */
  async removeUnlessLastGrant(id: number): Promise<string[]> {
    return this.repo.manager.transaction(async (m) => {
      // grants of this workflow are locked, so a grant revoked or added meanwhile waits for the answer
      const rows: Array<{ username: string }> = await m.query(
        `SELECT u.username
           FROM workflow_permissions p
           JOIN users u ON u.id = p.user_id AND u.role = 'user'
          WHERE p.workflow_id = $1
            AND NOT EXISTS (SELECT 1 FROM workflow_permissions o WHERE o.user_id = p.user_id AND o.workflow_id <> $1)
          ORDER BY u.username
          FOR UPDATE OF p`,
        [id],
      );
      if (rows.length === 0) await m.delete(WorkflowEntity, { id });
      return rows.map((r) => r.username);
    });
  }

  async renameSlug(from: string, to: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE workflows SET workflow_slug = $2, updated_at = now() WHERE workflow_type = 'slug' AND workflow_slug = $1`,
      [from, to],
    );
  }

  /** Workflows synced from base workflow files, by file name. */
  async findSynced(manager: EntityManager = this.repo.manager): Promise<WorkflowEntity[]> {
    return manager.createQueryBuilder(WorkflowEntity, 'w').where('w.source_file IS NOT NULL').getMany();
  }

  /** The workflow's updated_at, its row locked until the caller's transaction ends; null when gone. */
  async lockUpdatedAt(id: number, manager: EntityManager): Promise<Date | null> {
    const rows: Array<{ updated_at: Date }> = await manager.query(
      'SELECT updated_at FROM workflows WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0]?.updated_at ?? null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }
}
