import { PageTitle } from '../../../components/page-title';

export function AdminDashboardPage() {
  return <PageTitle title="Admin dashboard" />;
}
