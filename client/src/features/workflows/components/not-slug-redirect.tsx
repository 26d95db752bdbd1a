import { Alert } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';

export const NOT_SLUG_TEXT = 'This is not a slug-based workflow. Redirecting...';
/** Long enough to read the alert before the screen changes. */
const REDIRECT_DELAY_MS = 1500;

/**
 * A slug screen reached with a JSON workflow's id: SPEC section 2's alert, then /workflow/{id},
 * the screen that workflow has. Both the user's slug route and the admin's slug editor use it.
 */
export function NotSlugRedirect({ id, title }: { id: number; title: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.workflow.href(id), { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, navigate]);
  return (
    <>
      <PageTitle title={title} />
      <Alert.Root status="warning" role="alert" maxW="xl">
        <Alert.Indicator />
        <Alert.Title>{NOT_SLUG_TEXT}</Alert.Title>
      </Alert.Root>
    </>
  );
}
