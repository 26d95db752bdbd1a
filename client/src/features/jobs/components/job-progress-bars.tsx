import { HStack, Progress, Stack } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { useJobProgress } from '../api/job-progress';

type ProgressJob = Pick<Job, 'id' | 'batch_size' | 'batch_completed' | 'rejection_count' | 'failed_count'>;

/** Items settled so far: produced, rejected or failed (as the queue counts them done). */
export function itemsDone(job: ProgressJob): number {
  return Math.min(job.batch_size, job.batch_completed + job.rejection_count + job.failed_count);
}

/**
 * A running job's progress: items done of the batch, and under it the current item's sampler
 * steps as `job:progress` reports them (only the owner's connection receives those).
 */
export function JobProgressBars({ job }: { job: ProgressJob }) {
  const step = useJobProgress(job.id);
  const done = itemsDone(job);
  const stepOfCurrentItem = step && step.batch_index >= done && step.max > 0 ? step : null;

  return (
    <Stack gap={3}>
      <Progress.Root value={done} max={Math.max(1, job.batch_size)} colorPalette="orange" size="md">
        <HStack justify="space-between" mb={1} fontSize="sm">
          <Progress.Label>Items</Progress.Label>
          <Progress.ValueText>
            {formatCount(done)} of {formatCount(job.batch_size)}
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {stepOfCurrentItem && (
        <Progress.Root
          value={Math.min(stepOfCurrentItem.value, stepOfCurrentItem.max)}
          max={stepOfCurrentItem.max}
          colorPalette="purple"
          size="xs"
        >
          <HStack justify="space-between" mb={1} fontSize="xs" color="fg.muted">
            <Progress.Label>Image {formatCount(stepOfCurrentItem.batch_index + 1)}</Progress.Label>
            <Progress.ValueText>
              step {stepOfCurrentItem.value} of {stepOfCurrentItem.max}
            </Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Stack>
  );
}
