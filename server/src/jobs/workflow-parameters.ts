import { Injectable } from '@nestjs/common';
import { AssetsRepository } from '../assets/assets.repository.js';
import { WorkflowOverridesRepository } from '../workflows/workflow-overrides.repository.js';
import type { WorkflowEntity } from '../workflows/workflow.entity.js';
import { resolveComfyParameters, resolveSlugParameters } from './job-parameters.js';
import { SlugGraphKeys } from './slug-graph-keys.js';

export interface ParameterCheck {
  /** The values of a stored job being cloned. */
  from?: 'clone';
  /** A saved configuration: values left out or blank are kept so, only those given are checked. */
  partial?: boolean;
}

/**
 * One check of a workflow's values for every caller (job submit, clone, Save Configuration), so a
 * configuration holds no value Generate would refuse. Throws a 400 with a message per field.
 */
@Injectable()
export class WorkflowParameters {
  constructor(
    private readonly overrides: WorkflowOverridesRepository,
    private readonly slugGraphKeys: SlugGraphKeys,
    private readonly assets: AssetsRepository,
  ) {}

  /** The values as a job stores them. */
  async resolve(
    workflow: WorkflowEntity,
    values: Record<string, unknown>,
    { from, partial = false }: ParameterCheck = {},
  ): Promise<Record<string, unknown>> {
    const slug = workflow.workflowType === 'slug';
    const links = slug ? await this.overrides.listForWorkflow(workflow.id) : [];
    // a stored job holds no value its user cleared: absent there means blank, not the default; but
    // a required override cannot have been cleared, so one absent was added since and takes its default
    const raw =
      from === 'clone'
        ? {
            ...blanks(
              slug
                ? links.filter((l) => !l.link.isRequired).map((l) => l.definition.overrideKey)
                : Object.keys(workflow.configurableParams ?? {}),
            ),
            ...values,
          }
        : values;
    if (slug) {
      const graphKeys = partial ? undefined : await this.slugGraphKeys.needed(workflow);
      return resolveSlugParameters(workflow, links, raw, graphKeys, { partial });
    }
    const assets = { exists: async (id: number) => (await this.assets.findById(id)) !== null };
    return resolveComfyParameters(workflow.configurableParams ?? {}, raw, assets, { partial });
  }
}

/** null, not '': a JSON workflow's text sent '' is written as an empty text, where absent it was not. */
function blanks(names: string[]): Record<string, null> {
  return Object.fromEntries(names.map((name) => [name, null]));
}
