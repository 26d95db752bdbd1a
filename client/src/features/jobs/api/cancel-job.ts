import { jobSchema, type Job } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isConflict } from '../../../lib/api-error';
import { queueQueryOptions } from '../../queue/api/get-queue';
import { jobQueryKeys } from './job-query-keys';

/** Not in SPEC section 7; DESIGN section 3 adds it for the owner or an admin. 409 once finished. */
export function cancelJob(id: number): Promise<Job> {
  return apiRequest(`/jobs/${id}/cancel`, jobSchema, { method: 'POST' });
}

export function useCancelJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelJob(id),
    onSuccess: (job) => {
      queryClient.setQueryData(jobQueryKeys.detail(id), job);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: jobQueryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: queueQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => {
      // 409: the job ended after this tab read it (the answer says so, without the job). Read now,
      // its real status shows at once instead of Processing until the next poll.
      if (!isConflict(error)) return;
      void queryClient.invalidateQueries({ queryKey: jobQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: queueQueryOptions().queryKey });
    },
  });
}
