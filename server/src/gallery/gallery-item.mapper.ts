import type { GalleryItem, JobResultItem } from '@atelier/shared';
import type { MediaUrlSigner } from '../media/media-url-signer.js';
import type { GalleryItemEntity } from './gallery-item.entity.js';

/** Stored paths are relative to `<DATA_DIR>/media`; what leaves the server is a signed URL. */
export function signedMediaUrl(signer: MediaUrlSigner, relativePath: string): string {
  return signer.sign(`media/${relativePath}`);
}

export function toGalleryItemDto(
  item: GalleryItemEntity,
  signer: MediaUrlSigner,
  folderName: string | null,
): GalleryItem {
  return {
    id: item.id,
    job_id: item.jobId,
    job_name: item.jobName,
    workflow_name: item.workflowName,
    file_path: signedMediaUrl(signer, item.filePath),
    thumbnail_path: item.thumbnailPath ? signedMediaUrl(signer, item.thumbnailPath) : null,
    folder_path: folderName,
    seed_used: item.seedUsed,
    user_tags: item.userTags,
    status: item.status,
    created_at: item.createdAt.toISOString(),
  };
}

export function toJobResultItem(item: GalleryItemEntity, signer: MediaUrlSigner): JobResultItem {
  return {
    id: item.id,
    batch_index: item.batchIndex,
    output_index: item.outputIndex,
    media_type: item.mediaType,
    url: signedMediaUrl(signer, item.filePath),
    thumbnail_url: item.thumbnailPath ? signedMediaUrl(signer, item.thumbnailPath) : null,
    seed_used: item.seedUsed,
    width: item.width,
    height: item.height,
    created_at: item.createdAt.toISOString(),
  };
}
