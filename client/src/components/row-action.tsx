import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * The small outlined button of a list row (Manage, Edit, Delete), named by its `aria-label` for
 * what it acts on; `danger` marks one that deletes or removes.
 */
export function RowAction({ danger = false, ...props }: ButtonProps & { danger?: boolean }) {
  return <Button size="xs" variant="outline" colorPalette={danger ? 'red' : undefined} {...props} />;
}
