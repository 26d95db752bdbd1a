import { Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useWorkflow } from '../api/get-workflow';
import { useRouteWorkflowId } from '../hooks/use-route-workflow-id';
import { WorkflowLoadError, WorkflowLoading } from './workflow-load-state';
import { WorkflowScreen } from './workflow-screen';

/** /workflow/{id}: a JSON workflow. A slug workflow opened here moves to its own screen. */
export function WorkflowPage() {
  const id = useRouteWorkflowId();
  const workflow = useWorkflow(id);

  if (id === null) return <WorkflowLoadError error={null} />;
  if (workflow.isPending) return <WorkflowLoading title="Workflow" />;
  if (workflow.isError) return <WorkflowLoadError error={workflow.error} />;
  if (workflow.data.workflow_type === 'slug') return <Navigate to={paths.slugWorkflow.href(id)} replace />;
  // Keyed: moving to another workflow starts every panel afresh.
  return <WorkflowScreen key={workflow.data.id} workflow={workflow.data} />;
}
