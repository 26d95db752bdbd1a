import { Box, Center, EmptyState, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import { MESSAGES, idSchema, isFinalJobStatus } from '@atelier/shared';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { errorText, isNotFound } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { useJob } from '../api/get-job';
import { useJobResults } from '../api/get-job-results';
import { JobFields } from './job-fields';
import { JobHeader } from './job-header';
import { JobOutcomePanel } from './job-outcome-panel';
import { JobParameters, assetValueTexts, parameterLabels } from './job-parameters';
import { useAssets } from '../../parameters/api/get-assets';
import { useWorkflow } from '../../workflows/api/get-workflow';
import { JobProgressBars } from './job-progress-bars';
import { JobResults } from './job-results';
import { JobSection } from './job-section';

/** SPEC section 2, Job details: kept live by `job:updated` and a 5 s poll while it runs. */
export function JobDetailsPage() {
  const parsedId = idSchema.safeParse(useParams().id);
  return parsedId.success ? <JobDetails id={parsedId.data} /> : <JobNotFound />;
}

function JobDetails({ id }: { id: number }) {
  const { data, error, isPending } = useJob(id);
  // Read again and answered 404 (deleted, or no longer the viewer's to see, as for an admin demoted
  // meanwhile): the job is gone, not the copy in the cache, frozen at its last poll.
  const job = isNotFound(error) ? undefined : data;
  // the form's names for the stored keys; a workflow deleted since, or no longer granted, leaves the keys
  const workflow = useWorkflow(job?.workflow_id ?? null).data;
  const hasAsset = Object.values(workflow?.configurable_params ?? {}).some((param) => param.type === 'asset');
  const assets = useAssets(hasAsset).data;

  if (isPending) {
    return (
      <>
        <PageTitle title="Job details" />
        <Center py={16}>
          <Spinner size="lg" color="purple.solid" role="status" aria-label="Loading the job" />
        </Center>
      </>
    );
  }
  if (!job) return <JobNotFound message={errorText(error, MESSAGES.jobNotFound)} />;

  const running = !isFinalJobStatus(job.status);
  return (
    <Stack gap={{ base: 4, md: 6 }}>
      <JobHeader job={job} />
      <JobOutcomePanel job={job} />
      {running && (
        <Box bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }} aria-label="Progress" role="group">
          <JobProgressBars job={job} />
        </Box>
      )}
      <JobSection
        id="job-results"
        title={<ResultsTitle jobId={job.id} running={running} generated={job.batch_completed} />}
      >
        <JobResults jobId={job.id} running={running} />
      </JobSection>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: 4, md: 6 }} alignItems="start">
        <JobSection id="job-fields" title="Details">
          <JobFields job={job} />
        </JobSection>
        <JobSection id="job-parameters" title="Parameters">
          <JobParameters
            parameters={job.parameters}
            labels={parameterLabels(workflow)}
            valueTexts={assetValueTexts(workflow, job.parameters, assets)}
          />
        </JobSection>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The results the grid holds: an item may make several files (a ComfyUI graph with two outputs, or a
 * latent batch), so the count of generated items is only a stand-in until the results are read.
 */
function ResultsTitle({ jobId, running, generated }: { jobId: number; running: boolean; generated: number }) {
  const total = useJobResults(jobId, running).data?.pages[0]?.total;
  return `Results (${formatCount(total ?? generated)})`;
}

function JobNotFound({ message = MESSAGES.jobNotFound }: { message?: string }) {
  return (
    <>
      <PageTitle title="Job details" />
      <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
        <EmptyState.Content>
          <EmptyState.Title role="alert">{message}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
