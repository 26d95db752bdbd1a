import { Box, Button, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Configuration } from '@atelier/shared';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { TrashIcon } from '../../../components/icons';
import { errorText, isNotFound } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useDeleteConfiguration } from '../api/delete-configuration';
import { useConfigurations } from '../api/get-configurations';

const DELETE_FAILED = 'Failed to delete configuration';

/** The caller's configurations of one workflow; choosing one fills the form, the bin deletes it. */
export function SavedConfigurations({
  workflowId,
  onApply,
}: {
  workflowId: number;
  onApply: (configuration: Configuration) => void;
}) {
  const { data, isPending, isError } = useConfigurations(workflowId);
  // a failed read is only logged (SPEC section 8): it is not 'none saved' of saved ones
  const unread = isError && !data;
  const [appliedId, setAppliedId] = useState<number | null>(null);
  const confirm = useConfirmedDelete<Configuration>();
  const { subject } = confirm;
  const remove = useDeleteConfiguration();
  // once deleted, the list keeps the focus
  const rootRef = useRef<HTMLDivElement>(null);

  const confirmDelete = () => {
    if (!subject) return;
    const done = () => confirm.deleted(() => rootRef.current);
    // already gone (another tab deleted it) is what was asked for
    remove.mutate(subject, { onSuccess: done, onError: (error) => isNotFound(error) && done() });
  };

  return (
    <Box ref={rootRef} tabIndex={-1} outline="none">
      {isPending ? (
        <Spinner size="sm" color="purple.solid" />
      ) : unread ? null : !data?.length ? (
        <Text textStyle="sm" color="fg.muted">
          No saved configurations yet.
        </Text>
      ) : (
        <Stack as="ul" gap={1} listStyleType="none" aria-label="Saved Configurations">
          {data.map((configuration) => (
            <HStack as="li" key={configuration.id} gap={1}>
              <Button
                variant={appliedId === configuration.id ? 'subtle' : 'ghost'}
                colorPalette={appliedId === configuration.id ? 'purple' : 'gray'}
                flex={1}
                minW={0}
                justifyContent="space-between"
                gap={3}
                aria-pressed={appliedId === configuration.id}
                onClick={() => {
                  setAppliedId(configuration.id);
                  onApply(configuration);
                }}
              >
                <Text as="span" truncate title={configuration.config_name}>
                  {configuration.config_name}
                </Text>
                <Text as="span" textStyle="xs" color="fg.muted" flexShrink={0}>
                  {formatDate(configuration.created_at)}
                </Text>
              </Button>
              <IconButton
                variant="ghost"
                size="sm"
                color="fg.muted"
                aria-label={`Delete configuration ${configuration.config_name}`}
                onClick={() => {
                  remove.reset();
                  confirm.ask(configuration);
                }}
              >
                <TrashIcon />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        title="Delete configuration"
        open={confirm.open}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, DELETE_FAILED) : null}
        onConfirm={confirmDelete}
        onClose={confirm.cancel}
        finalFocusEl={confirm.finalFocusEl}
      >
        <Text>
          Delete the saved configuration &lsquo;{subject?.config_name}&rsquo;? Jobs already sent with it keep their
          parameters.
        </Text>
      </ConfirmDialog>
    </Box>
  );
}
