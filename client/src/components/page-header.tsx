import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** A screen's title with its actions (links to related screens) at the end of the row. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" columnGap={4} wrap="wrap">
      <PageTitle title={title} />
      {children && (
        <Flex gap={2} mb={6} wrap="wrap">
          {children}
        </Flex>
      )}
    </Flex>
  );
}
