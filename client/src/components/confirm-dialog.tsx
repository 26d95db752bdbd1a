import { Alert, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BusyButton } from './busy-button';

/** Asks before a destructive action; `children` says what will be lost. */
export function ConfirmDialog({
  title,
  children,
  open,
  pending,
  error,
  confirmLabel = 'Delete',
  finalFocusEl,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  open: boolean;
  pending: boolean;
  error: string | null;
  confirmLabel?: string;
  /** Where the focus goes on close when the button that opened the dialog may be gone (deleted). */
  finalFocusEl?: () => HTMLElement | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      role="alertdialog"
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                {children}
                {error && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <BusyButton colorPalette="red" loading={pending} onClick={onConfirm}>
                {confirmLabel}
              </BusyButton>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
