import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { PageTitle } from '../../../components/page-title';
import { Toaster } from '../../../components/toaster';
import { useGalleryLiveItems } from '../hooks/use-gallery-live-items';
import { toGalleryQuery, useGalleryParams } from '../hooks/use-gallery-params';
import { FolderManagerDialog } from './folder-manager-dialog';
import { GalleryFilterBar } from './gallery-filter-bar';
import { GalleryHint } from './gallery-hint';
import { GalleryView } from './gallery-view';
import { useGalleryCount } from '../api/get-gallery-count';
import { useGalleryItems } from '../api/get-gallery-items';

/** SPEC section 2, Gallery (/gallery and /gallery/{jobId}). */
export function GalleryPage() {
  const { filters, update, unknownRoute } = useGalleryParams();
  const query = toGalleryQuery(filters);
  const pages = useGalleryItems(query);
  const count = useGalleryCount(query);
  const [managing, setManaging] = useState(false);
  useGalleryLiveItems();
  const shown = pages.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  // New items go on screen as they arrive and the count is read again at most once a second: the
  // view can then hold more than the last count, and is never shown as more than its total.
  const total = count.data === undefined ? undefined : Math.max(count.data, shown);
  if (unknownRoute) return <Navigate to={paths.home.href()} replace />;

  return (
    <>
      <PageTitle title="Gallery" />
      <Stack gap={4}>
        <GalleryFilterBar
          filters={filters}
          total={total}
          shown={shown}
          onChange={update}
          onManageFolders={() => setManaging(true)}
        />
        <GalleryHint />
        <GalleryView filters={filters} query={query} pages={pages} total={total} onFiltersChange={update} />
      </Stack>
      <FolderManagerDialog open={managing} onClose={() => setManaging(false)} />
      <Toaster />
    </>
  );
}
