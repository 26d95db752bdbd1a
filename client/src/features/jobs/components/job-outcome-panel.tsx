import { Alert } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { jobOutcome } from './job-outcome';
import { RejectionList } from './rejection-list';

type PanelJob = Pick<
  Job,
  'status' | 'batch_size' | 'batch_completed' | 'rejection_count' | 'rejection_reasons' | 'error_message'
>;

/** Items neither generated nor rejected failed, or were never run after a job-wide error: the error says why. */
function partialSuccessText(job: PanelJob): string {
  const were = (n: number) => (n === 1 ? 'was' : 'were');
  const generated = `${formatCount(job.batch_completed)} of ${formatCount(job.batch_size)} images ${were(job.batch_completed)} generated; ${formatCount(job.rejection_count)} ${were(job.rejection_count)} rejected.`;
  const notGenerated = job.batch_size - job.batch_completed - job.rejection_count;
  if (notGenerated <= 0 || !job.error_message) return generated;
  return `${generated} ${formatCount(notGenerated)} could not be generated: ${job.error_message}`;
}

/** Items of a refused job that were not refused failed otherwise (a timeout, a server error): say so too. */
function unrejectedFailureText(job: PanelJob): string | null {
  const failed = job.batch_size - job.rejection_count;
  if (failed <= 0 || !job.error_message) return null;
  return `${formatCount(failed)} could not be generated: ${job.error_message}`;
}

/** The explanation SPEC section 4 gives a finished job beside its status badge. */
export function JobOutcomePanel({ job }: { job: PanelJob }) {
  switch (jobOutcome(job)) {
    case 'partial-success':
      return (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Partial Success</Alert.Title>
            <Alert.Description wordBreak="break-word">
              {partialSuccessText(job)}
              {job.rejection_reasons.length > 0 && <RejectionList rejections={job.rejection_reasons} />}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'content-policy':
      return (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Content Policy Violation</Alert.Title>
            <Alert.Description wordBreak="break-word">
              The content of this job violated our acceptable use policies, so no images were generated.
              <RejectionList rejections={job.rejection_reasons} />
              {unrejectedFailureText(job)}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'generation-failed':
      return (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Generation Failed</Alert.Title>
            <Alert.Description wordBreak="break-word">{job.error_message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'cancelled':
      return (
        <Alert.Root status="neutral" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Cancelled</Alert.Title>
            <Alert.Description>
              This job was cancelled after {formatCount(job.batch_completed)} of {formatCount(job.batch_size)} images.
              Images already generated stay in the gallery.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    default:
      return null;
  }
}
