import { Button, Grid, Separator, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { isNotFound } from '../../../lib/api-error';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { SaveConfigurationForm } from '../../configurations/components/save-configuration-form';
import { SavedConfigurations } from '../../configurations/components/saved-configurations';
import { useAssets } from '../../parameters/api/get-assets';
import { useParameterValues } from '../../parameters/hooks/use-parameter-values';
import { workflowFields } from '../../parameters/utils/parameter-fields';
import { useWorkflow } from '../../workflows/api/get-workflow';
import { useSelectedWorkflow } from '../hooks/use-selected-workflow';
import { FavoriteWorkflows } from './favorite-workflows';
import { GeneratePanel } from './generate-panel';
import { RecentJobs } from './recent-jobs';
import { SelectedWorkflowParameters } from './selected-workflow-parameters';
import { WorkflowPicker } from './workflow-picker';

/** The Generate dashboard (SPEC section 2): choose on the left, set and submit in the middle, follow on the right. */
export function GeneratePage() {
  const [selectedId, select] = useSelectedWorkflow();
  const workflow = useWorkflow(selectedId);
  // A workflow read again and answered 404 (revoked or deleted since) is gone, not the copy in the cache.
  const gone = isNotFound(workflow.error);
  const loaded = !gone && workflow.data?.id === selectedId ? workflow.data : undefined;
  const fields = useMemo(() => (loaded ? workflowFields(loaded) : []), [loaded]);
  const form = useParameterValues(fields, loaded?.id ?? null);
  const assets = useAssets(fields.some((field) => field.kind === 'asset'));

  return (
    <>
      <PageHeader title="Generate">
        <Button asChild variant="outline" bg="bg">
          <RouterLink to={paths.workflows.href()}>
            Browse workflows
            <ArrowRightIcon />
          </RouterLink>
        </Button>
      </PageHeader>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: '15rem minmax(0, 1fr) 17rem', xl: '18rem minmax(0, 1fr) 20rem' }}
        gap={6}
        alignItems="start"
      >
        <Stack gap={6} minW={0}>
          <SectionCard title="Favorites">
            <FavoriteWorkflows selectedId={selectedId} onSelect={select} />
          </SectionCard>
          <SectionCard title="Workflow">
            <WorkflowPicker selectedId={selectedId} onSelect={select} />
          </SectionCard>
          {/* only once the form is there: a configuration applied before would be reset by its arrival */}
          {loaded && (
            <SectionCard title="Saved Configurations">
              <SavedConfigurations
                key={loaded.id}
                workflowId={loaded.id}
                onApply={(configuration) => form.apply(configuration.parameter_values)}
              />
            </SectionCard>
          )}
        </Stack>
        <Stack gap={6} minW={0}>
          <SelectedWorkflowParameters
            selectedId={selectedId}
            workflow={loaded}
            loadError={workflow.error}
            fields={fields}
            values={form.values}
            errors={form.errors}
            onChange={form.setValue}
            assets={assets.data}
            assetsLoading={assets.isLoading}
          />
          <SectionCard title="New Job">
            <Stack gap={5}>
              <GeneratePanel
                workflowId={loaded?.id ?? null}
                jobNameRequired={false}
                collectParameters={() => (form.validate() ? form.parameters() : null)}
                showParameterErrors={form.showServerErrors}
                parametersRestored={form.restoredDraft}
              />
              <Separator />
              <SaveConfigurationForm
                workflowId={loaded?.id ?? null}
                getValues={form.parameters}
                showParameterErrors={form.showServerErrors}
                buttonLabel="Save Config"
              />
            </Stack>
          </SectionCard>
        </Stack>
        <RecentJobs />
      </Grid>
    </>
  );
}
