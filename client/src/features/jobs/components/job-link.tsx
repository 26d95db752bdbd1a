import { Link, Text } from '@chakra-ui/react';
import { isAdminRole, type Job } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { currentUserAtom } from '../../auth/atoms/session-atom';

/**
 * A job's name, linking to its page when the viewer may open it: the shared queue also lists
 * other users' jobs, whose pages would only answer 'Job not found' (DESIGN section 3, Visibility).
 */
export function JobLink({ job }: { job: Pick<Job, 'id' | 'job_name' | 'username'> }) {
  const user = useAtomValue(currentUserAtom);
  const canOpen = user !== null && (user.username === job.username || isAdminRole(user.role));
  if (!canOpen) {
    return (
      <Text as="span" fontWeight="semibold" wordBreak="break-word" dir="auto">
        {job.job_name}
      </Text>
    );
  }
  return (
    <Link asChild fontWeight="semibold" color="purple.fg" wordBreak="break-word" dir="auto">
      <RouterLink to={paths.job.href(job.id)}>{job.job_name}</RouterLink>
    </Link>
  );
}
