import { Badge, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { activeJobCount, useQueue } from '../api/get-queue';

const UNKNOWN = '–';

/** The Jobs/Items badge of the top navigation; opens the queue. */
export function QueueBadge() {
  const { data } = useQueue();
  const jobs = data ? activeJobCount(data.stats) : null;
  const items = data?.stats.total_items ?? null;

  return (
    <Link asChild rounded="full" _hover={{ textDecoration: 'none', opacity: 0.85 }}>
      <RouterLink to={paths.queue.href()} title="Generation Queue">
        <HStack gap={1}>
          <Badge size="lg" variant="subtle" colorPalette={jobs ? 'orange' : 'gray'} rounded="full">
            Jobs {jobs === null ? UNKNOWN : formatCount(jobs)}
          </Badge>{' '}
          <Badge size="lg" variant="subtle" colorPalette={items ? 'blue' : 'gray'} rounded="full">
            Items {items === null ? UNKNOWN : formatCount(items)}
          </Badge>
        </HStack>
      </RouterLink>
    </Link>
  );
}
