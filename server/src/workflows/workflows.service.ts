import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  MESSAGES,
  WORKFLOW_CATEGORIES,
  type SessionUser,
  type Workflow,
  type WorkflowListQuery,
  createSlugWorkflowSchema,
  eokConfigUpdateSchema,
  organizationSchema,
  saveSlugWorkflowSchema,
} from '@atelier/shared';
import { BadRequestError, ConflictError, NotFoundError, assertCurrentCopy } from '../common/app-errors.js';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { slugOf } from '../base-workflows/base-workflow-names.js';
import { toWorkflowDto } from './workflow.mapper.js';
import { WorkflowAccessService } from './workflow-access.service.js';
import { WorkflowOverridesRepository } from './workflow-overrides.repository.js';
import { WorkflowOverridesService } from './workflow-overrides.service.js';
import type { WorkflowEntity } from './workflow.entity.js';
import { WorkflowsRepository } from './workflows.repository.js';

type EokSettings = z.output<typeof eokConfigUpdateSchema>;

/** The settings sent; one left out (undefined) is not written, so it keeps its value. */
function eokFields(input: EokSettings): Partial<WorkflowEntity> {
  const fields: Partial<WorkflowEntity> = {
    workflowSlug: input.workflow_slug,
    eokRuntime: input.eok_runtime,
    eokBucketName: input.eok_bucket_name,
    eokProvider: input.eok_provider,
    eokGenerationType: input.eok_generation_type,
    eokPreClassificationType: input.eok_pre_classification_type,
    eokPostClassificationType: input.eok_post_classification_type,
    seedMode: input.seed_mode,
    downloadDir: input.download_dir,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

@Injectable()
export class WorkflowsService {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly overrideLinks: WorkflowOverridesRepository,
    private readonly overrides: WorkflowOverridesService,
    private readonly access: WorkflowAccessService,
    private readonly store: BaseWorkflowStore,
  ) {}

  async list(user: SessionUser, query: WorkflowListQuery): Promise<Workflow[]> {
    const rows = await this.workflows.list({
      userId: user.id,
      allowedIds: await this.access.allowedWorkflowIds(user),
      category: query.category || undefined,
      tags: query.tags,
      search: query.search || undefined,
      favoritesOnly: query.favorites,
    });
    return rows.map((r) => toWorkflowDto(r.workflow, r));
  }

  /** The five categories of SPEC section 9 first, then any other in use. */
  async categories(user: SessionUser): Promise<string[]> {
    const inUse = await this.workflows.categoriesInUse(await this.access.allowedWorkflowIds(user));
    const extra = inUse
      .filter((c) => !(WORKFLOW_CATEGORIES as readonly string[]).includes(c))
      .sort((a, b) => a.localeCompare(b));
    return [...WORKFLOW_CATEGORIES, ...extra];
  }

  async tags(user: SessionUser): Promise<string[]> {
    return this.workflows.tagsInUse(await this.access.allowedWorkflowIds(user));
  }

  async detail(user: SessionUser, id: number): Promise<Workflow> {
    const workflow = await this.access.findVisible(user, id);
    return this.toDetail(user, workflow);
  }

  async createSlug(input: z.output<typeof createSlugWorkflowSchema>): Promise<{ id: number }> {
    return this.workflows.transaction(async (m) => {
      const workflow = await this.workflows.insert(
        {
          name: input.name,
          category: input.category,
          tags: input.tags,
          workflowType: 'slug',
          isHidden: false,
          ...eokFields(input as EokSettings),
        },
        m,
      );
      if (input.overrides) await this.overrides.replaceAll(workflow.id, input.overrides, m);
      return { id: workflow.id };
    });
  }

  /** Name, organisation, external-server settings and the override diff: all saved, or none. */
  async saveSlug(id: number, input: z.output<typeof saveSlugWorkflowSchema>): Promise<Workflow> {
    const workflow = await this.existing(id);
    if (workflow.workflowType !== 'slug') throw new BadRequestError('Only slug workflows are edited here');
    await this.workflows.transaction(async (m) => {
      if (input.expected_updated_at !== undefined) {
        const current = await this.workflows.lockUpdatedAt(id, m);
        if (current === null) throw new NotFoundError(MESSAGES.workflowNotFound);
        assertCurrentCopy(workflow.name, current, input.expected_updated_at);
      }
      await this.workflows.update(
        id,
        { name: input.name, category: input.category, tags: input.tags, ...eokFields(input as EokSettings) },
        m,
      );
      await this.overrides.replaceAll(id, input.overrides, m);
    });
    return this.adminView(id);
  }

  async rename(id: number, name: string): Promise<Workflow> {
    await this.existing(id);
    await this.workflows.update(id, { name });
    return this.adminView(id);
  }

  async updateEokConfig(id: number, input: EokSettings): Promise<Workflow> {
    const workflow = await this.existing(id);
    if (workflow.workflowType !== 'slug')
      throw new BadRequestError('Only slug workflows have an external-server configuration');
    await this.workflows.update(id, eokFields(input));
    return this.adminView(id);
  }

  async updateOrganization(id: number, input: z.output<typeof organizationSchema>): Promise<Workflow> {
    await this.existing(id);
    await this.workflows.update(id, { category: input.category, tags: input.tags });
    return this.adminView(id);
  }

  async delete(id: number): Promise<void> {
    const workflow = await this.existing(id);
    if (workflow.sourceFile) {
      throw new BadRequestError(
        `This workflow comes from the base workflow file ${workflow.sourceFile}; delete that file instead`,
      );
    }
    const lastGrantOf = await this.workflows.removeUnlessLastGrant(id);
    if (lastGrantOf.length) {
      throw new ConflictError(
        `This workflow is the only one granted to ${lastGrantOf.join(', ')}: deleting it would let them see every workflow. Change their workflow permissions first.`,
      );
    }
  }

  async toggleFavorite(user: SessionUser, id: number): Promise<{ is_favorite: boolean }> {
    await this.access.findVisible(user, id);
    return { is_favorite: await this.workflows.toggleFavorite(user.id, id) };
  }

  /** Base workflows (file name without .json) that no slug workflow runs (DESIGN section 4). */
  async missingSlugs(): Promise<{ missing_base_workflows: string[] }> {
    const [files, used] = await Promise.all([this.store.list(), this.workflows.slugsInUse()]);
    const inUse = new Set(used);
    return { missing_base_workflows: files.map((f) => slugOf(f.name)).filter((slug) => !inUse.has(slug)) };
  }

  /** The full workflow for the slug editor and the overrides routes (admins only reach these). */
  async existing(id: number): Promise<WorkflowEntity> {
    const workflow = await this.workflows.findById(id);
    if (!workflow || workflow.isHidden) throw new NotFoundError(MESSAGES.workflowNotFound);
    return workflow;
  }

  private async adminView(id: number): Promise<Workflow> {
    const workflow = await this.existing(id);
    return toWorkflowDto(workflow, { isFavorite: false, overrideCount: await this.overrideLinks.count(id) });
  }

  private async toDetail(user: SessionUser, workflow: WorkflowEntity): Promise<Workflow> {
    const [isFavorite, links] = await Promise.all([
      this.workflows.isFavorite(user.id, workflow.id),
      workflow.workflowType === 'slug' ? this.overrideLinks.listForWorkflow(workflow.id) : Promise.resolve([]),
    ]);
    return toWorkflowDto(workflow, {
      isFavorite,
      overrideCount: links.length,
      overrides: workflow.workflowType === 'slug' ? links : undefined,
    });
  }
}
