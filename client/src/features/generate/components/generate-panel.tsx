import { Field, Input, Stack, Text } from '@chakra-ui/react';
import {
  BATCH_SIZE_DEFAULT,
  JOB_NAME_MAX_LENGTH,
  MESSAGES,
  clipToCharacters,
  jobSubmittedMessage,
  submitJobSchema,
  withoutInvisibleFillers,
} from '@atelier/shared';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText, fieldErrors } from '../../../lib/api-error';
import { DRAFT_RESTORED } from '../../../lib/session-drafts';
import { useResetOnChange } from '../../../lib/use-reset-on-change';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useDraftSource, useKeptDraft } from '../../auth/hooks/use-session-draft';
import { useSubmitJob } from '../api/submit-job';
import { BatchSizeInput, batchSizeFromInput } from './batch-size-input';

export interface GeneratePanelProps {
  workflowId: number | null;
  /** The workflow screens ask for a job name; the dashboard falls back to the workflow's name. */
  jobNameRequired: boolean;
  /** Checks the parameters, showing messages beside the fields; null when they are not acceptable. */
  collectParameters: () => Record<string, unknown> | null;
  /** Shows the server's messages beside the parameters they name; answers the names it placed. */
  showParameterErrors?: (messages: Readonly<Record<string, string>>) => string[];
  /** The parameters started from what was typed when the session last ended. */
  parametersRestored?: boolean;
}

const PANEL_DRAFT = 'generate-panel';

interface PanelDraft {
  job_name: string;
  batch: string;
}

function panelDraft(raw: unknown): PanelDraft | null {
  if (typeof raw !== 'object' || raw === null || !('job_name' in raw) || !('batch' in raw)) return null;
  const { job_name, batch } = raw;
  return typeof job_name === 'string' && typeof batch === 'string' ? { job_name, batch } : null;
}

/** Job name, batch size and Generate (SPEC sections 2 and 5). Nothing is sent until every check passes. */
export function GeneratePanel({
  workflowId,
  jobNameRequired,
  collectParameters,
  showParameterErrors = () => [],
  parametersRestored = false,
}: GeneratePanelProps) {
  const jobNameId = useId();
  const batchSizeId = useId();
  const submit = useSubmitJob();
  // Enter in the job name reaches generate() however the button looks
  const submitOnce = useSingleFlight(submit);
  const draft = panelDraft(useKeptDraft(PANEL_DRAFT));
  const [jobName, setJobName] = useState(() => draft?.job_name ?? '');
  const [batch, setBatch] = useState(() => draft?.batch ?? String(BATCH_SIZE_DEFAULT));
  useDraftSource(PANEL_DRAFT, () =>
    jobName !== '' || batch !== String(BATCH_SIZE_DEFAULT) ? { job_name: jobName, batch } : undefined,
  );
  // said until the next Generate: the form is as it was, but its job was never sent
  const [restoreSaid, setRestoreSaid] = useState(false);
  // Once Generate was pressed a blank required name stays reported, however often it is retyped.
  const [jobNameChecked, setJobNameChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ job_name?: string; batch_size?: string }>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const fail = (text: string) => setMessage({ status: 'error', text });
  // 'Please select a workflow first', or another workflow's success or errors, no longer apply
  useResetOnChange(workflowId, () => {
    setMessage(null);
    setServerErrors({});
  });

  // as the server reads it: a zero-width space alone is no name (it would be stored as none)
  const jobNameMissing = jobNameRequired && !withoutInvisibleFillers(jobName).trim();
  const jobNameError = serverErrors.job_name ?? (jobNameChecked && jobNameMissing ? MESSAGES.enterJobName : null);

  /** The server's per-field messages go beside their fields; any other message in the alert. */
  const showServerAnswer = (error: unknown) => {
    const { job_name, batch_size, ...others } = fieldErrors(error);
    setServerErrors({ job_name, batch_size });
    // The parameters come first on the screen, so the first of theirs takes the focus.
    const placed = showParameterErrors(others);
    if (placed.length === 0 && (job_name || batch_size)) {
      document.getElementById(job_name ? jobNameId : batchSizeId)?.focus();
    }
    const unplaced = Object.entries(others).find(([name]) => !placed.includes(name));
    if (unplaced) fail(unplaced[1]);
    else if (placed.length === 0 && !job_name && !batch_size) fail(errorText(error, MESSAGES.submitJobFailed));
  };

  const generate = () => {
    if (submitOnce.busy()) return;
    setMessage(null);
    setRestoreSaid(true);
    setServerErrors({});
    const batchSize = batchSizeFromInput(batch);
    setBatch(String(batchSize));
    const request = submitJobSchema.safeParse({ workflow_id: workflowId ?? undefined, batch_size: batchSize });
    if (!request.success || workflowId === null) return fail(MESSAGES.selectWorkflowFirst);
    // Every field is checked at once, so each message shows beside its field; focus goes to the first.
    const parameters = collectParameters();
    setJobNameChecked(true);
    if (jobNameMissing && parameters) document.getElementById(jobNameId)?.focus();
    if (!parameters || jobNameMissing) return;
    submitOnce.mutate(
      { workflow_id: workflowId, job_name: jobName.trim(), parameters, batch_size: batchSize },
      {
        onSuccess: () => setMessage({ status: 'success', text: jobSubmittedMessage(batchSize) }),
        onError: showServerAnswer,
      },
    );
  };

  return (
    <Stack gap={4}>
      <Field.Root id={jobNameId} required={jobNameRequired} invalid={jobNameError !== null}>
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
          // not maxLength, which counts UTF-16 units: the server counts characters, and an emoji is two units
          onChange={(event) => {
            setJobName(clipToCharacters(event.target.value, JOB_NAME_MAX_LENGTH));
            setServerErrors((errors) => ({ ...errors, job_name: undefined }));
          }}
          onKeyDown={(event) => event.key === 'Enter' && generate()}
        />
        {!jobNameRequired && <Field.HelperText>Defaults to the workflow&apos;s name.</Field.HelperText>}
        <Field.ErrorText>{jobNameError}</Field.ErrorText>
      </Field.Root>
      <BatchSizeInput
        id={batchSizeId}
        value={batch}
        error={serverErrors.batch_size}
        onChange={(value) => {
          setBatch(value);
          setServerErrors((errors) => ({ ...errors, batch_size: undefined }));
        }}
      />
      <BusyButton
        colorPalette="purple"
        size="lg"
        loading={submit.isPending}
        loadingText="Submitting..."
        onClick={generate}
      >
        Generate
      </BusyButton>
      <FormMessage
        message={
          message ??
          ((draft || parametersRestored) && !restoreSaid ? { status: 'info', text: DRAFT_RESTORED.notSubmitted } : null)
        }
      />
    </Stack>
  );
}
