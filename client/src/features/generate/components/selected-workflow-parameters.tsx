import { Center, Link, Spinner, Text } from '@chakra-ui/react';
import type { Workflow } from '@atelier/shared';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../../components/section-card';
import type { ParameterFormProps } from '../../parameters/components/parameter-form';
import { ParameterForm } from '../../parameters/components/parameter-form';
import { workflowHref } from '../../workflows/utils/workflow-href';
import { workflowLoadErrorText } from '../../workflows/utils/workflow-load-error';

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
          {workflowLoadErrorText(loadError)}
        </Text>
      ) : (
        <Center py={8}>
          <Spinner color="purple.solid" />
        </Center>
      )}
    </SectionCard>
  );
}
