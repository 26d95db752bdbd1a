import { Inject, Injectable } from '@nestjs/common';
import { BaseWorkflowStore } from '../base-workflows/base-workflow-store.js';
import { readSlugBaseGraph } from '../base-workflows/slug-base-graph.js';
import { overrideKeysIn } from '../base-workflows/workflow-file-content.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { SEED_OVERRIDE_KEY } from '../generation/providers/comfyui/graph-injection.js';
import { providerFor } from '../generation/provider-choice.js';
import type { WorkflowEntity } from '../workflows/workflow.entity.js';

const NONE: ReadonlySet<string> = new Set();

/**
 * The override keys a slug job must give a value for, known at submit so that a job that could
 * only fail is refused with the field to fill in. ComfyUI runs the base graph as written and fails
 * every item whose graph still holds an `override_*` string (graph-injection.ts), so on ComfyUI
 * these are the keys the graph uses, bar the seed's; the external server takes what it is sent.
 */
@Injectable()
export class SlugGraphKeys {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly store: BaseWorkflowStore,
  ) {}

  async needed(workflow: WorkflowEntity): Promise<ReadonlySet<string>> {
    if (providerFor(this.runtime.config.generation, 'slug') !== 'comfyui') return NONE;
    const graph = await readSlugBaseGraph(this.store, workflow.workflowSlug);
    return new Set(overrideKeysIn(graph).filter((key) => key !== SEED_OVERRIDE_KEY));
  }
}
