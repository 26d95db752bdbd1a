import { PageTitle } from '../../../components/page-title';

export function JobDetailsPage() {
  return <PageTitle title="Job details" />;
}
