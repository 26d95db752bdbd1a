import { Box } from '@chakra-ui/react';
import type { JobStatus } from '@atelier/shared';
import type { ReactNode } from 'react';
import {
  AlertCircleIcon,
  BanIcon,
  CheckCircleIcon,
  ClockIcon,
  HelpCircleIcon,
  LoaderIcon,
  XCircleIcon,
} from '../../../components/icons';

interface StatusLook {
  label: string;
  color: string;
  icon: ReactNode;
  spin?: boolean;
}

/** SPEC section 4, Status display: completed green with a check, processing orange, queued blue, failed red. */
const LOOKS: Record<JobStatus, StatusLook> = {
  completed: { label: 'Completed', color: 'green.500', icon: <CheckCircleIcon /> },
  processing: { label: 'Processing', color: 'orange.500', icon: <LoaderIcon />, spin: true },
  submitting: { label: 'Submitting', color: 'orange.500', icon: <LoaderIcon />, spin: true },
  queued: { label: 'Queued', color: 'blue.500', icon: <ClockIcon /> },
  failed: { label: 'Failed', color: 'red.500', icon: <XCircleIcon /> },
  cancelled: { label: 'Cancelled', color: 'gray.500', icon: <BanIcon /> },
  partial_success: { label: 'Partial Success', color: 'yellow.600', icon: <AlertCircleIcon /> },
};
const UNKNOWN: StatusLook = { label: 'Unknown', color: 'gray.400', icon: <HelpCircleIcon /> };

export function jobStatusLabel(status: string): string {
  return (LOOKS[status as JobStatus] ?? UNKNOWN).label;
}

/** A job's status as a coloured icon, named for screen readers and on hover. */
export function JobStatusIcon({ status }: { status: string }) {
  const look = LOOKS[status as JobStatus] ?? UNKNOWN;
  return (
    <Box
      as="span"
      role="img"
      aria-label={look.label}
      title={look.label}
      color={look.color}
      fontSize="xl"
      display="inline-flex"
      flexShrink={0}
      animation={look.spin ? 'spin 1.2s linear infinite' : undefined}
    >
      {look.icon}
    </Box>
  );
}
