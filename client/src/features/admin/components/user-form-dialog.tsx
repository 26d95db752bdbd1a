import { Button, Checkbox, Dialog, Field, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { MESSAGES, ROLES, USER_MESSAGES, type AdminUser, type Role } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useSaveUser } from '../api/admin-users';
import { currentUserAtom, isSuperAdminAtom } from '../../auth/atoms/session-atom';

/** Create User (`user` null) or Edit; on edit a blank password keeps the current one (SPEC section 5). */
export function UserFormDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveUser();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(user?.role ?? 'user');
  // only a super admin may grant that role (SPEC section 6); the server refuses it to an admin
  const viewerIsSuper = useAtomValue(isSuperAdminAtom);
  const grantable = ROLES.filter((r) => viewerIsSuper || r !== 'super_admin');
  // nobody changes their own role (the server refuses it): the choice is shown, not offered
  const viewerId = useAtomValue(currentUserAtom)?.id;
  const editingSelf = user !== null && user.id === viewerId;
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = !email.trim() || (!user && (!username.trim() || !password));
    if (missing) return setMessage({ status: 'error', text: MESSAGES.fillRequiredFields });
    setMessage(null);
    save.mutate(
      user
        ? {
            mode: 'update',
            id: user.id,
            body: {
              email,
              role,
              password: password || undefined,
              eok_api_key: removeKey ? null : apiKey || undefined,
              // every field is sent: from a copy older than another admin's edit, it would put that one back
              expected_updated_at: user.updated_at,
            },
          }
        : { mode: 'create', body: { username, email, password, role, eok_api_key: apiKey || null } },
      {
        onSuccess: () => onSaved(user ? ADMIN_MESSAGES.userUpdated : ADMIN_MESSAGES.userCreated),
        onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveUserFailed) }),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{user ? `Edit ${user.username}` : 'Create User'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>
                  <Field.Root required disabled={user !== null}>
                    <Field.Label>
                      Username <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Email <Field.RequiredIndicator />
                    </Field.Label>
                    <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
                  </Field.Root>
                  <Field.Root required={user === null}>
                    <Field.Label>
                      Password <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      autoComplete="new-password"
                    />
                    {user && <Field.HelperText>Leave blank to keep the current password.</Field.HelperText>}
                  </Field.Root>
                  <Field.Root disabled={editingSelf}>
                    <Field.Label>Role</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={role} onChange={(e) => setRole(e.target.value as Role)}>
                        {grantable.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {editingSelf && <Field.HelperText>{USER_MESSAGES.cannotChangeOwnRole}</Field.HelperText>}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>External-server API key</Field.Label>
                    <Input
                      value={removeKey ? '' : apiKey}
                      onChange={(e) => setApiKey(e.target.value)}
                      disabled={removeKey}
                      autoComplete="off"
                    />
                    <Field.HelperText>
                      {user?.eok_api_key
                        ? 'Leave blank to keep the current key.'
                        : 'Leave blank to use the system-wide key.'}
                    </Field.HelperText>
                  </Field.Root>
                  {user?.eok_api_key && (
                    <Checkbox.Root
                      checked={removeKey}
                      onCheckedChange={(details) => setRemoveKey(details.checked === true)}
                      colorPalette="purple"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>Remove the key: use the system-wide one</Checkbox.Label>
                    </Checkbox.Root>
                  )}
                  <FormMessage message={message} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <BusyButton type="submit" colorPalette="purple" loading={save.isPending}>
                  {user ? 'Save Changes' : 'Create User'}
                </BusyButton>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
