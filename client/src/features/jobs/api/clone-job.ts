import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { SubmitAttemptKey } from '../../../lib/submit-attempt-key';
import { jobQueryKeys } from './job-query-keys';

const clonedJobSchema = z.object({ id: z.number().int() });

export function cloneJob(id: number, jobName: string, idempotencyKey: string): Promise<{ id: number }> {
  return apiRequest(`/jobs/${id}/clone`, clonedJobSchema, {
    method: 'POST',
    body: { job_name: jobName },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * A new job with the same workflow, values and batch size; the job lists gain a row. Like Generate,
 * a clone resent after an attempt that got no answer carries that attempt's key.
 */
export function useCloneJob(id: number) {
  const queryClient = useQueryClient();
  const [attemptKey] = useState(() => new SubmitAttemptKey());
  return useMutation({
    mutationFn: (jobName: string) => cloneJob(id, jobName, attemptKey.for({ id, jobName })),
    onSettled: (_cloned, error) => attemptKey.settle(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobQueryKeys.lists() }),
  });
}
