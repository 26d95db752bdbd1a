import { PageTitle } from '../../../components/page-title';

export function WorkflowPage() {
  return <PageTitle title="Workflow" />;
}
