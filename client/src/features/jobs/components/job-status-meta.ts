import type { JobStatus } from '@atelier/shared';

export type StatusIconName = 'check' | 'spinner' | 'clock' | 'upload' | 'cross' | 'ban' | 'alert' | 'question';

export interface JobStatusMeta {
  label: string;
  /** Chakra colour palette: SPEC section 4 gives green, orange, blue and red. */
  palette: string;
  icon: StatusIconName;
}

const META: Record<JobStatus, JobStatusMeta> = {
  completed: { label: 'Completed', palette: 'green', icon: 'check' },
  processing: { label: 'Processing', palette: 'orange', icon: 'spinner' },
  queued: { label: 'Queued', palette: 'blue', icon: 'clock' },
  submitting: { label: 'Submitting', palette: 'cyan', icon: 'upload' },
  failed: { label: 'Failed', palette: 'red', icon: 'cross' },
  cancelled: { label: 'Cancelled', palette: 'gray', icon: 'ban' },
  partial_success: { label: 'Partial Success', palette: 'yellow', icon: 'alert' },
};

const UNKNOWN: JobStatusMeta = { label: 'Unknown', palette: 'gray', icon: 'question' };

function isKnownStatus(status: string): status is JobStatus {
  return Object.hasOwn(META, status);
}

/** How a status reads on screen; any value the client does not know reads as unknown. */
export function jobStatusMeta(status: string): JobStatusMeta {
  return isKnownStatus(status) ? META[status] : UNKNOWN;
}

export const STATUS_FILTER_OPTIONS = (Object.keys(META) as JobStatus[]).map((value) => ({
  value,
  label: META[value].label,
}));
