import { Alert, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { errorText, isConflict } from '../../../lib/api-error';
import { useCancelJob } from '../api/cancel-job';

const CANCEL_FAILED = 'Failed to cancel job';

/** Stops a queued or running job after a confirmation; what it already produced is kept. */
export function CancelJobDialog({
  job,
  onCancelling,
  onTooLate,
}: {
  job: Pick<Job, 'id' | 'job_name'>;
  /** Told as the cancel is sent: the answer unmounts this dialog (a cancelled job has none). */
  onCancelling: () => void;
  /**
   * Told, with the server's message, when the job had already ended: the job is read again and loses
   * its Cancel, this dialog with it, so the message is for the page to keep.
   */
  onTooLate: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelJob(job.id);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) cancel.reset();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red" size="sm">
          Cancel job
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel this job?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text wordBreak="break-word">
                “<bdi>{job.job_name}</bdi>” stops after the image being generated now. Images already generated stay in
                the gallery.
              </Text>
              {cancel.isError && !isConflict(cancel.error) && (
                <Alert.Root status="error" role="alert" mt={4}>
                  <Alert.Indicator />
                  <Alert.Title>{errorText(cancel.error, CANCEL_FAILED)}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Keep running</Button>
              </Dialog.ActionTrigger>
              <BusyButton
                colorPalette="red"
                loading={cancel.isPending}
                onClick={() => {
                  onCancelling();
                  cancel.mutate(undefined, {
                    onSuccess: () => setOpen(false),
                    onError: (error) => {
                      if (!isConflict(error)) return;
                      setOpen(false);
                      onTooLate(errorText(error, CANCEL_FAILED));
                    },
                  });
                }}
              >
                Cancel job
              </BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
