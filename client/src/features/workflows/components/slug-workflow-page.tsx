import { PageTitle } from '../../../components/page-title';

export function SlugWorkflowPage() {
  return <PageTitle title="Slug workflow" />;
}
