import { useWorkflow } from '../api/get-workflow';
import { useRouteWorkflowId } from '../hooks/use-route-workflow-id';
import { NotSlugRedirect } from './not-slug-redirect';
import { WorkflowLoadError, WorkflowLoading } from './workflow-load-state';
import { WorkflowScreen } from './workflow-screen';

/** /workflow-slug/{id}: the slug and the overrides-based parameters (SPEC section 2). */
export function SlugWorkflowPage() {
  const id = useRouteWorkflowId();
  const workflow = useWorkflow(id);

  if (id === null) return <WorkflowLoadError error={null} />;
  if (workflow.isPending) return <WorkflowLoading title="Slug workflow" />;
  if (workflow.isError) return <WorkflowLoadError error={workflow.error} />;
  if (workflow.data.workflow_type !== 'slug') return <NotSlugRedirect id={id} title="Slug workflow" />;
  // Keyed: moving to another workflow starts every panel afresh.
  return <WorkflowScreen key={workflow.data.id} workflow={workflow.data} />;
}
