import type { Workflow } from '@atelier/shared';
import { paths } from '../../../config/paths';

/** Slug workflows have their own screen (SPEC section 2). */
export function workflowHref(workflow: Pick<Workflow, 'id' | 'workflow_type'>): string {
  return workflow.workflow_type === 'slug' ? paths.slugWorkflow.href(workflow.id) : paths.workflow.href(workflow.id);
}
