import { Alert, Button, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Base workflows lacking slug versions; a click starts one (SPEC section 2, Slug Workflows). */
export function MissingSlugsBanner({
  slugs,
  title,
  onPick,
  children,
}: {
  slugs: readonly string[];
  title: string;
  onPick: (slug: string) => void;
  children?: ReactNode;
}) {
  if (slugs.length === 0) return null;
  return (
    <Alert.Root status="warning" variant="surface" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap={2}>
        <Alert.Title>{title}</Alert.Title>
        {children}
        <Wrap gap={2} role="group" aria-label={title}>
          {slugs.map((slug) => (
            <Button key={slug} size="xs" variant="outline" bg="bg" rounded="full" onClick={() => onPick(slug)}>
              {slug}
            </Button>
          ))}
        </Wrap>
      </Alert.Content>
    </Alert.Root>
  );
}
