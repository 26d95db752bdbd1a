import { Injectable } from '@nestjs/common';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { readSlugBaseGraph } from '../base-workflows/slug-base-graph.js';
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
    const graph =
      entity.workflowType === 'slug' ? await readSlugBaseGraph(this.store, entity.workflowSlug) : entity.graph;
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
}
