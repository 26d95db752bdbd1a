import { Alert, Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, type GalleryFolder } from '@atelier/shared';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-error';
import { useCreateFolder, useUpdateFolder } from '../api/save-folder';
import { normalizeHotkeyInput, suggestHotkey } from '../utils/folder-hotkeys';
import { lightboxTakesHotkey } from '../utils/key-actions';
import {
  EMPTY_FOLDER_FORM,
  validateFolderForm,
  type FolderFormErrors,
  type FolderFormValues,
} from '../utils/folder-form';
import { ColorPalette } from './color-palette';

/** Why a hotkey the lightbox keeps is still allowed, and where it works. */
export const LIGHTBOX_KEEPS_HOTKEY = (hotkey: string) =>
  `In the lightbox ${hotkey.toUpperCase()} removes an item from its folder, so there this folder is reached by its button; in the grid ${hotkey.toUpperCase()} moves the selected items here.`;

interface FolderFormProps {
  folders: readonly GalleryFolder[];
  /** The folder being edited, or null to create one. */
  editing: GalleryFolder | null;
  onDone: () => void;
}

/** Create or edit one folder: name, hotkey with Auto, colour (SPEC section 5, Gallery folder). */
export function FolderForm({ folders, editing, onDone }: FolderFormProps) {
  const [values, setValues] = useState<FolderFormValues>(
    editing ? { name: editing.name, hotkey: editing.hotkey ?? '', color: editing.color } : EMPTY_FOLDER_FORM,
  );
  const [errors, setErrors] = useState<FolderFormErrors>({});
  const create = useCreateFolder();
  const update = useUpdateFolder();
  const saving = create.isPending || update.isPending;
  const keptByLightbox = lightboxTakesHotkey(values.hotkey);
  const keptNoteId = useId();
  const failure = editing
    ? update.isError && errorText(update.error, MESSAGES.updateFolderFailed)
    : create.isError && errorText(create.error, MESSAGES.createFolderFailed);

  const set = (changes: Partial<FolderFormValues>) => {
    // the server's answer was about the values sent; once they change it would mislead
    if (create.isError) create.reset();
    if (update.isError) update.reset();
    setValues((v) => ({ ...v, ...changes }));
  };
  const auto = () => {
    const taken = folders.filter((f) => f.id !== editing?.id).map((f) => f.hotkey);
    set({ hotkey: suggestHotkey(taken) ?? '' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFolderForm(values, folders, editing?.id ?? null);
    setErrors(result.errors ?? {});
    if (!result.input) return;
    const done = () => {
      setValues(EMPTY_FOLDER_FORM);
      onDone();
    };
    if (editing) update.mutate({ id: editing.id, input: result.input }, { onSuccess: done });
    else create.mutate(result.input, { onSuccess: done });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit folder' : 'New folder'}>
      <Stack gap={3}>
        <Flex gap={3} direction={{ base: 'column', sm: 'row' }}>
          <Field.Root required invalid={!!errors.name} flex={1}>
            <Field.Label>Folder name</Field.Label>
            <Input value={values.name} onChange={(e) => set({ name: e.target.value })} placeholder="e.g. Favourites" />
            {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.hotkey} w={{ sm: '9rem' }}>
            <Field.Label>Hotkey</Field.Label>
            <HStack gap={1}>
              <Input
                value={values.hotkey}
                maxLength={2}
                w="3.5rem"
                textAlign="center"
                onChange={(e) => set({ hotkey: normalizeHotkeyInput(e.target.value) })}
                // only without an error: Field names its error text as the description then
                {...(keptByLightbox && !errors.hotkey && { 'aria-describedby': keptNoteId })}
                placeholder="1-9"
              />
              <Button size="sm" variant="outline" onClick={auto}>
                Auto
              </Button>
            </HStack>
            {errors.hotkey && <Field.ErrorText>{errors.hotkey}</Field.ErrorText>}
          </Field.Root>
        </Flex>
        {keptByLightbox && (
          // under the whole row: the hotkey column is too narrow for a sentence
          <Text id={keptNoteId} fontSize="sm" color="fg.muted">
            {LIGHTBOX_KEEPS_HOTKEY(values.hotkey)}
          </Text>
        )}
        <Field.Root>
          <Field.Label id="folder-colour-label">Colour</Field.Label>
          <ColorPalette value={values.color} onChange={(color) => set({ color })} />
        </Field.Root>
        {failure && (
          <Alert.Root status="error" role="alert" size="sm">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <HStack justify="flex-end" gap={2}>
          {editing && (
            <Button size="sm" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
          <BusyButton type="submit" size="sm" colorPalette="purple" loading={saving}>
            {editing ? 'Save Folder' : 'Create Folder'}
          </BusyButton>
        </HStack>
      </Stack>
    </form>
  );
}
