import { DataList } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format';
import { formatDateTime, formatDuration } from '../../../lib/format-time';
import { JobStatusBadge } from './job-status-badge';

/** The job's own fields (SPEC section 3, Job), parameters aside. */
export function JobFields({ job }: { job: Job }) {
  const rows: Array<[string, ReactNode]> = [
    ['Status', <JobStatusBadge key="status" status={job.status} size="sm" />],
    ['Workflow', job.workflow_name],
    ['User', job.username],
    ['Batch size', formatCount(job.batch_size)],
    ['Generated', formatCount(job.batch_completed)],
    ['Rejected', formatCount(job.rejection_count)],
    ['Failed', formatCount(job.failed_count)],
    ['Priority', String(job.priority)],
    ['Created', formatDateTime(job.created_at)],
    ['Started', formatDateTime(job.started_at)],
    ['Finished', formatDateTime(job.completed_at)],
    ['Duration', formatDuration(job.actual_duration)],
    ['Estimated duration', formatDuration(job.estimated_duration)],
    ['Job ID', String(job.id)],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm" gap={2.5}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="9rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
