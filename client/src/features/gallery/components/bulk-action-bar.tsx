import { Alert, Box, Button, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { MESSAGES, type GalleryFolder, type GalleryStatus } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/api-error';
import { useDownloadItems } from '../api/download-items';
import { bulkActionRunning, useBulkActionRunning, useMoveItems, useSetArchived } from '../api/update-items';
import { BusyButton } from '../../../components/busy-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatCount } from '../../../lib/format';

interface BulkActionBarProps {
  selection: readonly number[];
  status: GalleryStatus;
  folders: readonly GalleryFolder[];
  loadedCount: number;
  /** The archive confirm is open (the Delete key asks for it too). */
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  onSelectAll: () => void;
  onClear: () => void;
  /** An action on `ids` is done: they leave the selection. */
  onDone: (ids: readonly number[]) => void;
}

/** The value of the folder picker that means "out of any folder". */
const UNGROUPED = '\u0000ungrouped';

/**
 * SPEC section 2, Bulk action bar: the count, a folder to move to, archive (restore in the
 * archived view), clear and select all; and a download of the selection as one zip, which leaves
 * the selection as it is. Each action is one request for every selected item.
 */
export function BulkActionBar({
  selection,
  status,
  folders,
  loadedCount,
  confirming,
  onConfirmingChange: setConfirming,
  onSelectAll,
  onClear,
  onDone,
}: BulkActionBarProps) {
  const [target, setTarget] = useState('');
  const setArchived = useSetArchived();
  const move = useMoveItems();
  const download = useDownloadItems();
  // the gallery's keys move and archive too: a move by hotkey shows here, and is not sent again
  const queryClient = useQueryClient();
  const moving = useBulkActionRunning('move');
  const archiving = useBulkActionRunning('archive');
  const count = selection.length;
  if (count === 0) return null;

  const archive = () => {
    setConfirming(false);
    // Enter held on the confirm presses it again before it has gone
    if (bulkActionRunning(queryClient, 'archive')) return;
    move.reset();
    download.reset();
    const ids = [...selection];
    setArchived.mutate({ ids, archived: true }, { onSuccess: () => onDone(ids) });
  };
  const restore = () => {
    if (bulkActionRunning(queryClient, 'archive')) return;
    move.reset();
    download.reset();
    const ids = [...selection];
    setArchived.mutate({ ids, archived: false }, { onSuccess: () => onDone(ids) });
  };
  // a folder renamed or deleted since it was chosen is no longer in the list: nothing to move to
  const folder = target === UNGROUPED ? null : folders.find((f) => f.name === target);
  const moveTo = () => {
    if (folder === undefined || bulkActionRunning(queryClient, 'move')) return;
    setArchived.reset();
    download.reset();
    const ids = [...selection];
    move.mutate({ ids, folder }, { onSuccess: () => onDone(ids) });
  };

  const downloadSelection = () => {
    setArchived.reset();
    move.reset();
    download.mutate([...selection]);
  };

  return (
    <Box
      role="region"
      aria-label="Bulk actions"
      position="sticky"
      bottom={{ base: 2, md: 4 }}
      zIndex="sticky"
      bg="bg"
      borderWidth="1px"
      rounded="l3"
      boxShadow="lg"
      px={{ base: 3, md: 4 }}
      py={3}
    >
      <Flex gap={3} align="center" wrap="wrap" justify="space-between">
        <Text fontWeight="semibold" aria-live="polite">
          {formatCount(count)} selected
        </Text>
        <HStack gap={2} wrap="wrap">
          <NativeSelect.Root size="sm" w={{ base: '10rem', md: '12rem' }}>
            <NativeSelect.Field aria-label="Folder" value={target} onChange={(e) => setTarget(e.target.value)}>
              <option value="">Choose a folder…</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.name}>
                  {folder.hotkey ? `${folder.hotkey.toUpperCase()} · ` : ''}
                  {folder.name}
                </option>
              ))}
              <option value={UNGROUPED}>No folder (ungrouped)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <BusyButton size="sm" variant="outline" onClick={moveTo} disabled={folder === undefined} loading={moving}>
            Move to folder
          </BusyButton>
          {status === 'active' ? (
            <BusyButton
              size="sm"
              colorPalette="red"
              variant="subtle"
              onClick={() => setConfirming(true)}
              loading={archiving}
            >
              Archive
            </BusyButton>
          ) : (
            <BusyButton size="sm" colorPalette="green" variant="subtle" onClick={restore} loading={archiving}>
              Restore
            </BusyButton>
          )}
          <BusyButton size="sm" variant="outline" onClick={downloadSelection} loading={download.isPending}>
            Download
          </BusyButton>
          <Button size="sm" variant="ghost" onClick={onSelectAll} disabled={count >= loadedCount}>
            Select all
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        </HStack>
      </Flex>
      {(setArchived.isError || move.isError || download.isError) && (
        <Alert.Root status="error" role="alert" mt={3} size="sm">
          <Alert.Indicator />
          <Alert.Title>
            {setArchived.isError
              ? errorText(setArchived.error, MESSAGES.bulkArchiveFailed)
              : move.isError
                ? errorText(move.error, MESSAGES.bulkMoveFailed)
                : errorText(download.error, MESSAGES.bulkDownloadFailed)}
          </Alert.Title>
        </Alert.Root>
      )}
      {/* SPEC section 5, Confirmations: bulk archive asks before it acts */}
      <ConfirmDialog
        title="Archive media"
        open={confirming}
        pending={false}
        error={null}
        confirmLabel="Archive"
        onConfirm={archive}
        onClose={() => setConfirming(false)}
      >
        <Text>{`Are you sure you want to archive ${formatCount(count)} media?`}</Text>
      </ConfirmDialog>
    </Box>
  );
}
