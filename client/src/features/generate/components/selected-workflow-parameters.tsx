import { Center, Link, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES, type Workflow } from '@atelier/shared';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-error';
import type { ParameterFormProps } from '../../parameters/components/parameter-form';
import { ParameterForm } from '../../parameters/components/parameter-form';
import { workflowHref } from '../../workflows/utils/workflow-href';

interface Props extends ParameterFormProps {
  selectedId: number | null;
  workflow: Workflow | undefined;
  /** Why the chosen workflow could not be loaded, if it could not. */
  loadError: unknown;
}

/** The middle column's form: a prompt to choose a workflow, or the chosen workflow's parameters. */
export function SelectedWorkflowParameters({ selectedId, workflow: data, loadError, ...form }: Props) {
  const open = data && (
    <Link asChild textStyle="sm" colorPalette="purple" color="colorPalette.fg">
      <RouterLink to={workflowHref(data)}>Open workflow page</RouterLink>
    </Link>
  );

  return (
    <SectionCard title={data?.name ?? 'Parameters'} action={open}>
      {selectedId === null ? (
        <Text color="fg.muted">Choose a workflow to see its parameters.</Text>
      ) : data ? (
        <ParameterForm {...form} />
      ) : loadError ? (
        <Text color="fg.error" role="alert">
          {loadError instanceof ApiError && loadError.status === 404
            ? MESSAGES.workflowNotFound
            : MESSAGES.loadWorkflowFailed}
        </Text>
      ) : (
        <Center py={8}>
          <Spinner color="purple.solid" />
        </Center>
      )}
    </SectionCard>
  );
}
