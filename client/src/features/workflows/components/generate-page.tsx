import { PageTitle } from '../../../components/page-title';

export function GeneratePage() {
  return <PageTitle title="Generate" />;
}
