import { Injectable } from '@nestjs/common';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { parseJson, readWrapped } from '../base-workflows/workflow-file-content.js';
import type { ProviderWorkflow } from '../generation/providers/generation-provider.js';
import { WorkflowsRepository } from '../workflows/workflows.repository.js';
import type { WorkflowEntity } from '../workflows/workflow.entity.js';

/** Graph nodes whose presence makes a JSON workflow a video workflow. */
const VIDEO_NODE = /SaveWEBM|SaveVideo|SaveAnimated|VHS_VideoCombine|CreateVideo/i;

export class WorkflowGoneError extends Error {}

function isVideoGraph(graph: Record<string, unknown> | null): boolean {
  return Object.values(graph ?? {}).some(
    (node) =>
      typeof node === 'object' &&
      node !== null &&
      VIDEO_NODE.test(String((node as { class_type?: unknown }).class_type ?? '')),
  );
}

/** Everything a provider needs of a job's workflow, read once per job run. */
@Injectable()
export class WorkflowContextLoader {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly store: BaseWorkflowStore,
  ) {}

  async load(workflowId: number | null): Promise<{ entity: WorkflowEntity; provider: ProviderWorkflow }> {
    const entity = workflowId === null ? null : await this.workflows.findById(workflowId);
    if (!entity) throw new WorkflowGoneError('The workflow of this job no longer exists');
    const graph = entity.workflowType === 'slug' ? await this.baseGraph(entity.workflowSlug) : entity.graph;
    const generationType =
      entity.workflowType === 'slug'
        ? entity.eokGenerationType === 'video'
          ? 'video'
          : 'image'
        : isVideoGraph(graph)
          ? 'video'
          : 'image';
    return {
      entity,
      provider: {
        id: entity.id,
        name: entity.name,
        type: entity.workflowType,
        slug: entity.workflowSlug,
        graph,
        configurableParams: entity.configurableParams,
        generationType,
        eok: {
          runtime: entity.eokRuntime,
          provider: entity.eokProvider,
          bucketName: entity.eokBucketName,
          downloadDir: entity.downloadDir,
          preClassification: entity.eokPreClassificationType === 'strict' ? 'strict' : 'permissive',
          postClassification: entity.eokPostClassificationType === 'strict' ? 'strict' : 'permissive',
        },
      },
    };
  }

  /** A slug workflow's base graph, when the repository has it (ComfyUI needs it; the others do not). */
  private async baseGraph(slug: string | null): Promise<Record<string, unknown> | null> {
    if (!slug) return null;
    const file = await this.store.read(`${slug}.json`).catch(() => null);
    if (!file) return null;
    const parsed = parseJson(file.raw);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null;
    return readWrapped(parsed.value)?.graph ?? (parsed.value as Record<string, unknown>);
  }
}
