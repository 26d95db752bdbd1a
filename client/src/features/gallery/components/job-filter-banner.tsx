import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useJob } from '../../jobs/api/get-job';

/** /gallery/{jobId}: the view is limited to one job, with a way back to the whole gallery. */
export function JobFilterBanner({ jobId }: { jobId: number }) {
  const job = useJob(jobId);
  return (
    <Alert.Root status="info" variant="subtle" size="sm">
      <Alert.Indicator />
      <Alert.Title overflowWrap="anywhere" minW={0}>
        Showing the media of job{' '}
        {job.data ? (
          <>
            “<bdi>{job.data.job_name}</bdi>”
          </>
        ) : (
          `#${jobId}`
        )}{' '}
        ·{' '}
        <Link asChild color="purple.fg" fontWeight="semibold">
          <RouterLink to={paths.gallery.href()}>Show all media</RouterLink>
        </Link>
      </Alert.Title>
    </Alert.Root>
  );
}
