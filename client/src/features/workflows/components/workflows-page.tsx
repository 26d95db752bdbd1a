import { PageTitle } from '../../../components/page-title';

export function WorkflowsPage() {
  return <PageTitle title="Workflows" />;
}
