import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled card of the job details page. */
export function JobSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }} minW={0}>
      <Heading as="h2" id={id} size="md" mb={4}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}
