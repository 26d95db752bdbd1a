import type { GalleryFilterState } from '../features/gallery/hooks/use-gallery-params';

/** The gallery as it opens: every folder, no job, no filter, active items. */
export const NO_GALLERY_FILTERS: GalleryFilterState = {
  folder: null,
  jobId: null,
  jobName: '',
  workflow: '',
  search: '',
  dateFrom: '',
  dateTo: '',
  status: 'active',
};
