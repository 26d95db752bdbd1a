import type { Job } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '../../auth/atoms/session-atom';

/**
 * Whether the signed-in user made this job. The gallery holds only one's own media, so an admin
 * looking at another user's job gets no 'View Gallery': it would open on 'No images match'.
 */
export function useOwnsJob(job: Pick<Job, 'username'>): boolean {
  return useAtomValue(currentUserAtom)?.username === job.username;
}
