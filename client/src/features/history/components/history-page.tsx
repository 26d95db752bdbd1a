import { PageTitle } from '../../../components/page-title';

export function HistoryPage() {
  return <PageTitle title="Generation History" />;
}
