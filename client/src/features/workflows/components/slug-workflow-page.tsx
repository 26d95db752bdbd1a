import { Alert } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useWorkflow } from '../api/get-workflow';
import { useRouteWorkflowId } from '../hooks/use-route-workflow-id';
import { WorkflowLoadError, WorkflowLoading } from './workflow-load-state';
import { WorkflowScreen } from './workflow-screen';

const NOT_SLUG_TEXT = 'This is not a slug-based workflow. Redirecting...';
/** Long enough to read the alert before the screen changes. */
const REDIRECT_DELAY_MS = 1500;

/** /workflow-slug/{id}: the slug and the overrides-based parameters (SPEC section 2). */
export function SlugWorkflowPage() {
  const id = useRouteWorkflowId();
  const workflow = useWorkflow(id);

  if (id === null) return <WorkflowLoadError error={null} />;
  if (workflow.isPending) return <WorkflowLoading title="Slug workflow" />;
  if (workflow.isError) return <WorkflowLoadError error={workflow.error} />;
  if (workflow.data.workflow_type !== 'slug') return <NotSlugRedirect id={id} />;
  // Keyed: moving to another workflow starts every panel afresh.
  return <WorkflowScreen key={workflow.data.id} workflow={workflow.data} />;
}

function NotSlugRedirect({ id }: { id: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.workflow.href(id), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, navigate]);
  return (
    <>
      <PageTitle title="Slug workflow" />
      <Alert.Root status="warning" role="alert" maxW="xl">
        <Alert.Indicator />
        <Alert.Title>{NOT_SLUG_TEXT}</Alert.Title>
      </Alert.Root>
    </>
  );
}
