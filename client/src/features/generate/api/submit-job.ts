import { createdIdSchema, type SubmitJob } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function submitJob(body: SubmitJob): Promise<{ id: number }> {
  return apiRequest('/jobs', createdIdSchema, { method: 'POST', body });
}

/** A new job changes every job list and the queue. */
export function useSubmitJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['jobs', 'submit'],
    mutationFn: submitJob,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['queue'] }),
      ]),
  });
}
