import { Grid, Stack } from '@chakra-ui/react';
import type { Workflow } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { SectionCard } from '../../../components/section-card';
import { isAdminAtom } from '../../auth/atoms/session-atom';
import { SaveConfigurationForm } from '../../configurations/components/save-configuration-form';
import { SavedConfigurations } from '../../configurations/components/saved-configurations';
import { GeneratePanel } from '../../generate/components/generate-panel';
import { useAssets } from '../../parameters/api/get-assets';
import { ParameterForm } from '../../parameters/components/parameter-form';
import { useParameterValues } from '../../parameters/hooks/use-parameter-values';
import { workflowFields } from '../../parameters/utils/parameter-fields';
import { OrganizationEditor } from './organization-editor';
import { WorkflowHeader } from './workflow-header';

/** The body shared by /workflow/{id} and /workflow-slug/{id} (SPEC section 2). */
export function WorkflowScreen({ workflow }: { workflow: Workflow }) {
  const isAdmin = useAtomValue(isAdminAtom);
  const fields = useMemo(() => workflowFields(workflow), [workflow]);
  const form = useParameterValues(fields, workflow.id);
  const assets = useAssets(fields.some((field) => field.kind === 'asset'));

  return (
    <>
      <WorkflowHeader workflow={workflow} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} gap={6} alignItems="start">
        <SectionCard title="Parameters">
          <ParameterForm
            fields={fields}
            values={form.values}
            errors={form.errors}
            onChange={form.setValue}
            assets={assets.data}
            assetsLoading={assets.isLoading}
          />
        </SectionCard>
        <Stack gap={6} minW={0}>
          <SectionCard title="New Job">
            <GeneratePanel
              workflowId={workflow.id}
              jobNameRequired
              collectParameters={() => (form.validate() ? form.parameters() : null)}
              showParameterErrors={form.showServerErrors}
              parametersRestored={form.restoredDraft}
            />
          </SectionCard>
          <SectionCard title="Save Configuration">
            <SaveConfigurationForm
              workflowId={workflow.id}
              getValues={form.parameters}
              showParameterErrors={form.showServerErrors}
              buttonLabel="Save Configuration"
            />
          </SectionCard>
          <SectionCard title="Saved Configurations">
            <SavedConfigurations
              workflowId={workflow.id}
              onApply={(configuration) => form.apply(configuration.parameter_values)}
            />
          </SectionCard>
          {isAdmin && (
            <SectionCard title="Organization">
              <OrganizationEditor workflow={workflow} />
            </SectionCard>
          )}
        </Stack>
      </Grid>
    </>
  );
}
