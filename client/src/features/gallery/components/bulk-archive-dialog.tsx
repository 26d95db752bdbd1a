import { Button, Dialog, Portal } from '@chakra-ui/react';

/** SPEC section 5, Confirmations: bulk archive asks before it acts. */
export function BulkArchiveDialog({
  count,
  open,
  onConfirm,
  onClose,
}: {
  count: number;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Archive media</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{`Are you sure you want to archive ${count} media?`}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm}>
                Archive
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
