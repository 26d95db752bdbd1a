import { Button, Center, EmptyState, Spinner, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { workflowLoadErrorText } from '../utils/workflow-load-error';

/** While a workflow screen waits for its workflow. */
export function WorkflowLoading({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Center py={12} role="status" aria-label="Loading workflow">
        <Spinner color="purple.solid" />
      </Center>
    </>
  );
}

/** 'Workflow not found', 'Failed to load workflow', or the server's own text. */
export function WorkflowLoadError({ error }: { error: unknown }) {
  const text = workflowLoadErrorText(error);
  return (
    <EmptyState.Root borderWidth="1px" rounded="l3" bg="bg" maxW="lg" mx="auto" mt={{ base: 4, md: 12 }}>
      <EmptyState.Content>
        <VStack textAlign="center" role="alert">
          <title>{`${text} · Atelier`}</title>
          <EmptyState.Title as="h1">{text}</EmptyState.Title>
        </VStack>
        <Button asChild variant="outline">
          <RouterLink to={paths.home.href()}>Back to Generate</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
