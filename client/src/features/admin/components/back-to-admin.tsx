import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** From the slug editor back to the dashboard's slug workflow list. */
export function BackToAdmin() {
  return (
    <Button asChild variant="outline" size="sm" bg="bg">
      <RouterLink to={`${paths.admin.href()}?tab=slug-workflows`}>Back to Slug Workflows</RouterLink>
    </Button>
  );
}
