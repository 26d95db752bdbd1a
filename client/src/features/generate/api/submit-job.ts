import { IDEMPOTENCY_KEY_HEADER, createdIdSchema, type SubmitJob } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { SubmitAttemptKey } from '../../../lib/submit-attempt-key';

export function submitJob(body: SubmitJob, idempotencyKey: string): Promise<{ id: number }> {
  return apiRequest('/jobs', createdIdSchema, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * A new job changes every job list and the queue. Generate pressed again after an attempt that got
 * no answer, the form unchanged, resends that attempt: the server answers the job it may have made.
 */
export function useSubmitJob() {
  const queryClient = useQueryClient();
  const [attemptKey] = useState(() => new SubmitAttemptKey());
  return useMutation({
    mutationKey: ['jobs', 'submit'],
    mutationFn: (body: SubmitJob) => submitJob(body, attemptKey.for(body)),
    onSettled: (_created, error) => attemptKey.settle(error),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['queue'] }),
      ]),
  });
}
