import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_WORKFLOW_CATEGORY, normalizeTags } from '@atelier/shared';
import { slugOf } from '../base-workflows/base-workflow-names.js';
import { parseJson, readWrapped, wrappedFormProblem } from '../base-workflows/workflow-file-content.js';
import { WorkflowsRepository } from './workflows.repository.js';

export interface SyncFile {
  name: string;
  raw: string;
}

export interface SyncResult {
  created: string[];
  updated: string[];
  hidden: string[];
  /** Files with `configurable_params` that are not the wrapped form, and why: no workflow is made of them. */
  malformed: Array<{ file: string; problem: string }>;
}

/**
 * Keeps JSON workflows in step with the base workflow files (DESIGN section 4). A wrapped file
 * becomes a `comfyui` workflow; its graph and parameters follow the file, while the name,
 * category and tags are taken from the file only when the workflow is first created, so an
 * admin's edits survive. A workflow whose file is gone or no longer wrapped is hidden, never
 * deleted, so its jobs and favourites keep pointing at it.
 */
@Injectable()
export class WorkflowSyncService {
  constructor(private readonly workflows: WorkflowsRepository) {}

  async sync(files: SyncFile[], renamed?: { from: string; to: string }, manager?: EntityManager): Promise<SyncResult> {
    const run = (m: EntityManager) => this.syncWith(m, files, renamed);
    return manager ? run(manager) : this.workflows.transaction(run);
  }

  private async syncWith(
    m: EntityManager,
    files: SyncFile[],
    renamed?: { from: string; to: string },
  ): Promise<SyncResult> {
    const result: SyncResult = { created: [], updated: [], hidden: [], malformed: [] };
    const synced = await this.workflows.findSynced(m);
    const bySource = new Map(synced.map((w) => [w.sourceFile!, w]));
    if (renamed) {
      // slug workflows name their base workflow by file name: they follow it, or they would run a file that is gone
      await this.workflows.renameSlug(slugOf(renamed.from), slugOf(renamed.to), m);
      const moved = bySource.get(renamed.from);
      const former = bySource.get(renamed.to);
      if (moved && former) {
        // the workflow of a file deleted under this name once: brought back, it would take the
        // moved one's place, and that one's favourites, grants and configurations would go with it
        await this.workflows.update(former.id, { sourceFile: null, isHidden: true }, m);
        bySource.delete(renamed.to);
      }
      if (moved) {
        await this.workflows.update(moved.id, { sourceFile: renamed.to }, m);
        bySource.delete(renamed.from);
        bySource.set(renamed.to, { ...moved, sourceFile: renamed.to });
      }
    }

    const wrappedNames = new Set<string>();
    for (const file of files) {
      const parsed = parseJson(file.raw);
      const wrapped = parsed.ok ? readWrapped(parsed.value) : null;
      if (!wrapped) {
        const problem = parsed.ok ? wrappedFormProblem(parsed.value) : null;
        if (problem) result.malformed.push({ file: file.name, problem });
        continue;
      }
      wrappedNames.add(file.name);
      const existing = bySource.get(file.name);
      if (existing) {
        await this.workflows.update(
          existing.id,
          { graph: wrapped.graph, configurableParams: wrapped.configurableParams, isHidden: false },
          m,
        );
        result.updated.push(file.name);
      } else {
        await this.workflows.insert(
          {
            name: wrapped.name ?? file.name.replace(/\.json$/i, ''),
            category: wrapped.category ?? DEFAULT_WORKFLOW_CATEGORY,
            tags: normalizeTags(wrapped.tags ?? []),
            workflowType: 'comfyui',
            sourceFile: file.name,
            graph: wrapped.graph,
            configurableParams: wrapped.configurableParams,
            isHidden: false,
          },
          m,
        );
        result.created.push(file.name);
      }
    }
    for (const [source, workflow] of bySource) {
      if (!wrappedNames.has(source) && !workflow.isHidden) {
        await this.workflows.update(workflow.id, { isHidden: true }, m);
        result.hidden.push(source);
      }
    }
    return result;
  }
}
