import { PageTitle } from '../../../components/page-title';

export function QueuePage() {
  return <PageTitle title="Generation Queue" />;
}
