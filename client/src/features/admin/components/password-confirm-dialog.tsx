import { Alert, Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';

/**
 * Deleting a base workflow or an override definition asks for the acting admin's own password
 * (DESIGN section 3), checked again on the server.
 */
export function PasswordConfirmDialog({
  title,
  description,
  open,
  pending,
  error,
  finalFocusEl,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  open: boolean;
  pending: boolean;
  error: string | null;
  /** Where the focus goes on close when the button that opened the dialog may be gone (deleted). */
  finalFocusEl?: () => HTMLElement | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The parent closes it by `open` after a delete, which fires no onOpenChange: clear here, so the
  // next delete does not open with this one's password already typed in.
  useEffect(() => {
    if (!open) {
      setPassword('');
      setMissing(false);
    }
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(password);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      role="alertdialog"
      finalFocusEl={finalFocusEl}
      // the dialog's own initial focus, not autoFocus: an input that takes the focus as it mounts
      // is what the dialog then remembers as the opener, so Escape or Cancel left the focus nowhere
      initialFocusEl={() => passwordRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Text>{description}</Text>
                  <Field.Root invalid={missing}>
                    <Field.Label>Delete confirmation password</Field.Label>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      ref={passwordRef}
                    />
                    {missing && <Field.ErrorText>{MESSAGES.enterDeletePassword}</Field.ErrorText>}
                  </Field.Root>
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
                <BusyButton type="submit" colorPalette="red" loading={pending}>
                  Delete
                </BusyButton>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
