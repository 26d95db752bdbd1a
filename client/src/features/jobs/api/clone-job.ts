import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobQueryKeys } from './job-query-keys';

const clonedJobSchema = z.object({ id: z.number().int() });

export function cloneJob(id: number, jobName: string): Promise<{ id: number }> {
  return apiRequest(`/jobs/${id}/clone`, clonedJobSchema, { method: 'POST', body: { job_name: jobName } });
}

/** A new job with the same workflow, values and batch size; the job lists gain a row. */
export function useCloneJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobName: string) => cloneJob(id, jobName),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKeys.lists() }),
  });
}
