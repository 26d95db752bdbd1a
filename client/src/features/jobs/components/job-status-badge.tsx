import { Badge, type BadgeProps } from '@chakra-ui/react';
import { jobStatusMeta } from './job-status-meta';
import { StatusIcon } from './status-icon';

/** A job's status as SPEC section 4 colours it, with its icon (a check for Completed). */
export function JobStatusBadge({ status, size = 'md' }: { status: string; size?: BadgeProps['size'] }) {
  const meta = jobStatusMeta(status);
  return (
    <Badge colorPalette={meta.palette} variant="subtle" size={size} gap={1} flexShrink={0} data-status={status}>
      <StatusIcon name={meta.icon} />
      {meta.label}
    </Badge>
  );
}
