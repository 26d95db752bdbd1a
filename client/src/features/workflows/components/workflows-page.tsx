import { Button, EmptyState, SimpleGrid, Spinner, Center } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useWorkflows } from '../api/get-workflows';
import { useWorkflowListFilters } from '../hooks/use-workflow-list-filters';
import { WorkflowCard } from './workflow-card';
import { WorkflowFilters } from './workflow-filters';

const SEARCH_DEBOUNCE_MS = 250;

/** The card grid of SPEC's "Workflow list" (DESIGN section 3 places it at /workflows). */
export function WorkflowsPage() {
  const state = useWorkflowListFilters();
  const { filters, activeCount } = state;
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const { data, isPending, isError } = useWorkflows({ ...filters, search });
  // A failed load is only logged (SPEC section 8): the cards last loaded stay, and with none there
  // is no empty state either; 'No workflows match your filters.' said so of workflows that did.
  const [lastLoaded, setLastLoaded] = useState(data);
  if (data !== undefined && data !== lastLoaded) setLastLoaded(data);
  const shown = data ?? (isError ? lastLoaded : undefined);

  return (
    <>
      <PageHeader title="Workflows">
        <Button asChild variant="outline" bg="bg">
          <RouterLink to={paths.home.href()}>
            <ArrowLeftIcon />
            Back to Generate
          </RouterLink>
        </Button>
      </PageHeader>
      <WorkflowFilters state={state} />
      {isPending ? (
        <Center py={12}>
          <Spinner color="purple.solid" />
        </Center>
      ) : shown?.length ? (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap={4}>
          {shown.map((workflow) => (
            <li key={workflow.id}>
              <WorkflowCard workflow={workflow} />
            </li>
          ))}
        </SimpleGrid>
      ) : isError && !shown ? null : (
        <EmptyState.Root borderWidth="1px" rounded="l3" bg="bg">
          <EmptyState.Content>
            <EmptyState.Title>
              {activeCount ? MESSAGES.noWorkflowsMatch : MESSAGES.noWorkflowsAvailable}
            </EmptyState.Title>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </>
  );
}
