import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { BATCH_SIZE_DEFAULT, MESSAGES, jobSubmittedMessage, submitJobSchema } from '@atelier/shared';
import { useId, useState } from 'react';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { useSubmitJob } from '../api/submit-job';
import { BatchSizeInput, batchSizeFromInput } from './batch-size-input';

export interface GeneratePanelProps {
  workflowId: number | null;
  /** The workflow screens ask for a job name; the dashboard falls back to the workflow's name. */
  jobNameRequired: boolean;
  /** Checks the parameters, showing messages beside the fields; null when they are not acceptable. */
  collectParameters: () => Record<string, unknown> | null;
}

/** Job name, batch size and Generate (SPEC sections 2 and 5). Nothing is sent until every check passes. */
export function GeneratePanel({ workflowId, jobNameRequired, collectParameters }: GeneratePanelProps) {
  const jobNameId = useId();
  const submit = useSubmitJob();
  const [jobName, setJobName] = useState('');
  const [batch, setBatch] = useState(String(BATCH_SIZE_DEFAULT));
  const [jobNameMissing, setJobNameMissing] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const fail = (text: string) => setMessage({ status: 'error', text });

  const generate = () => {
    setMessage(null);
    const batchSize = batchSizeFromInput(batch);
    setBatch(String(batchSize));
    const request = submitJobSchema.safeParse({ workflow_id: workflowId ?? undefined, batch_size: batchSize });
    if (!request.success || workflowId === null) return fail(MESSAGES.selectWorkflowFirst);
    if (jobNameRequired && !jobName.trim()) {
      setJobNameMissing(true);
      document.getElementById(jobNameId)?.focus();
      return fail(MESSAGES.enterJobName);
    }
    const parameters = collectParameters();
    if (!parameters) return;
    submit.mutate(
      { workflow_id: workflowId, job_name: jobName.trim(), parameters, batch_size: batchSize },
      {
        onSuccess: () => setMessage({ status: 'success', text: jobSubmittedMessage(batchSize) }),
        onError: (error) => fail(errorText(error, MESSAGES.submitJobFailed)),
      },
    );
  };

  return (
    <Stack gap={4}>
      <Field.Root id={jobNameId} required={jobNameRequired} invalid={jobNameMissing && !jobName.trim()}>
        <Field.Label>
          Job name
          <Field.RequiredIndicator
            fallback={
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional)
              </Text>
            }
          />
        </Field.Label>
        <Input
          value={jobName}
          maxLength={200}
          onChange={(event) => setJobName(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && generate()}
        />
        {!jobNameRequired && <Field.HelperText>Defaults to the workflow&apos;s name.</Field.HelperText>}
      </Field.Root>
      <BatchSizeInput value={batch} onChange={setBatch} />
      <Button colorPalette="purple" size="lg" loading={submit.isPending} loadingText="Submitting..." onClick={generate}>
        Generate
      </Button>
      <FormMessage message={message} />
    </Stack>
  );
}
