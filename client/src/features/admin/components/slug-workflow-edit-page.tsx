import { PageTitle } from '../../../components/page-title';

export function SlugWorkflowEditPage() {
  return <PageTitle title="Edit slug workflow" />;
}
