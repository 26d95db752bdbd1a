import { Card, HStack, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled panel of a screen; `action` sits at the end of the title row. */
export function SectionCard({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title} size="sm" variant="outline" bg="bg" minW={0}>
      <Card.Header>
        <HStack justify="space-between" gap={3} minH={6}>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
