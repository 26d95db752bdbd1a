import { PageTitle } from '../../../components/page-title';

export function SlugWorkflowCreatePage() {
  return <PageTitle title="Create slug workflow" />;
}
