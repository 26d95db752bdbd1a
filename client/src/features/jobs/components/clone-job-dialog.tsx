import { Alert, Button, CloseButton, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import {
  JOB_NAME_MAX_LENGTH,
  MESSAGES,
  characterCount,
  clipToCharacters,
  cloneJobSchema,
  type Job,
} from '@atelier/shared';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BusyButton } from '../../../components/busy-button';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useCloneJob } from '../api/clone-job';

const COPY_SUFFIX = ' (copy)';

/**
 * The suggested name: the original's with ' (copy)', shortened so the suggestion itself is a valid
 * name. The limit counts code points, as the server does, and the cut falls between whole
 * characters: a cut by UTF-16 units split an emoji into half a surrogate pair, which the server
 * refuses as text that is not valid Unicode, and a cut inside a flag leaves half a flag.
 */
function copyName(jobName: string): string {
  const room = JOB_NAME_MAX_LENGTH - characterCount(COPY_SUFFIX);
  return `${clipToCharacters(jobName, room).trimEnd()}${COPY_SUFFIX}`;
}

/** SPEC section 2, Job details: the clone action asks for a new job name, then opens the new job. */
export function CloneJobDialog({ job }: { job: Pick<Job, 'id' | 'job_name'> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const clone = useCloneJob(job.id);
  const cloneOnce = useSingleFlight(clone);
  const navigate = useNavigate();
  // the suggested name is selected as the dialog opens, so typing replaces it (a Tab back later
  // leaves the caret where the browser puts it)
  const selectSuggestion = useRef(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    selectSuggestion.current = true;
    setName(copyName(job.job_name));
    setNameError(null);
    clone.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = cloneJobSchema.safeParse({ job_name: name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? MESSAGES.enterJobName);
      return;
    }
    setNameError(null);
    cloneOnce.mutate(parsed.data.job_name, {
      onSuccess: ({ id }) => {
        setOpen(false);
        void navigate(paths.job.href(id));
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" data-action="clone">
          Clone
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content asChild>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>Clone job</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Field.Root required invalid={nameError !== null}>
                    <Field.Label>New job name</Field.Label>
                    <Input
                      value={name}
                      onChange={(e) => setName(e.target.value)}
                      autoFocus
                      onFocus={(event) => {
                        if (!selectSuggestion.current) return;
                        selectSuggestion.current = false;
                        event.currentTarget.select();
                      }}
                    />
                    <Field.HelperText>Same workflow, parameters and batch size.</Field.HelperText>
                    {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
                  </Field.Root>
                  {clone.isError && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{errorText(clone.error, MESSAGES.cloneJobFailed)}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Close</Button>
                </Dialog.ActionTrigger>
                <BusyButton type="submit" colorPalette="purple" loading={clone.isPending}>
                  Clone job
                </BusyButton>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
