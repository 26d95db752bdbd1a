import { bulkDownloadSchema } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function bulkDownload(ids: number[]) {
  return apiRequest('/gallery/bulk-download', bulkDownloadSchema, { method: 'POST', body: { ids } });
}

/**
 * Hands the address to the browser's own downloader, which streams the zip to disk: fetched here
 * as a blob instead, gigabytes of video would sit in the tab's memory first.
 */
function saveFrom(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** The selected items as one zip; a selection over MAX_BULK_IDS is refused by the server's own words. */
export function useDownloadItems() {
  return useMutation({
    mutationFn: async (ids: number[]) => saveFrom((await bulkDownload(ids)).url),
  });
}
