import { PageTitle } from '../../../components/page-title';

export function GalleryPage() {
  return <PageTitle title="Gallery" />;
}
