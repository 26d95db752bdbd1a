import { Alert, Button, CloseButton, Dialog, Heading, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, type OverrideDefinition } from '@atelier/shared';
import { useState } from 'react';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useOverrideDefinitions } from '../api/override-definitions';

const UNCATEGORISED = 'Other';

/**
 * Picks an override definition, grouped by category and, when the slug names a known base workflow,
 * limited to the keys that workflow uses. Added ones stay listed, disabled, with a check mark.
 */
export function AddOverrideDialog({
  open,
  addedIds,
  allowedKeys,
  baseFile,
  onAdd,
  onClose,
}: {
  open: boolean;
  addedIds: ReadonlySet<number>;
  allowedKeys: readonly string[] | null;
  /** The base workflow file `allowedKeys` come from. */
  baseFile: string;
  onAdd: (definition: OverrideDefinition) => void;
  onClose: () => void;
}) {
  const definitions = useOverrideDefinitions();
  const [notice, setNotice] = useState<string | null>(null);
  const shown = (definitions.data ?? []).filter((d) => !allowedKeys || allowedKeys.includes(d.override_key));
  const groups = new Map<string, OverrideDefinition[]>();
  for (const definition of shown) {
    const category = definition.category ?? UNCATEGORISED;
    groups.set(category, [...(groups.get(category) ?? []), definition]);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add Override</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {allowedKeys && allowedKeys.length > 0 && (
                <Text textStyle="sm" color="fg.muted" mb={3}>
                  Showing the overrides used by the base workflow.
                </Text>
              )}
              {allowedKeys?.length === 0 && (
                // a slug workflow needs at least one override: say why there is none to pick, and where to fix it
                <Alert.Root status="info" mb={3}>
                  <Alert.Indicator />
                  <Alert.Title>
                    {baseFile} uses no override keys (override_…), so no override applies to it. Add them to its JSON
                    under Base Workflows first.
                  </Alert.Title>
                </Alert.Root>
              )}
              {definitions.isLoading && <Spinner role="status" aria-label="Loading" />}
              {definitions.isError && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>
                    {errorText(definitions.error, ADMIN_MESSAGES.loadOverrideDefinitionsFailed)}
                  </Alert.Title>
                </Alert.Root>
              )}
              {definitions.isSuccess && shown.length === 0 && <Text color="fg.muted">{MESSAGES.noResultsFound}</Text>}
              <Stack gap={5}>
                {[...groups].map(([category, items]) => (
                  <Stack key={category} gap={2} role="group" aria-label={category}>
                    <Heading as="h3" size="sm">
                      {category}
                    </Heading>
                    {items.map((definition) => {
                      const added = addedIds.has(definition.id);
                      return (
                        <Button
                          key={definition.id}
                          variant="outline"
                          justifyContent="space-between"
                          h="auto"
                          py={2}
                          whiteSpace="normal"
                          textAlign="start"
                          // Still focusable and clickable, so a second add can say why nothing happens.
                          aria-disabled={added || undefined}
                          opacity={added ? 0.6 : undefined}
                          cursor={added ? 'not-allowed' : undefined}
                          aria-label={added ? `${definition.display_name} (added)` : definition.display_name}
                          onClick={() => {
                            setNotice(added ? MESSAGES.overrideAlreadyAdded : null);
                            if (!added) onAdd(definition);
                          }}
                        >
                          <Stack gap={0} align="flex-start">
                            <Text fontWeight="medium">{definition.display_name}</Text>
                            <Text fontFamily="mono" textStyle="xs" color="fg.muted">
                              {definition.override_key} · {definition.data_type}
                            </Text>
                          </Stack>
                          {added && (
                            <Text as="span" color="green.fg" aria-hidden="true">
                              ✓
                            </Text>
                          )}
                        </Button>
                      );
                    })}
                  </Stack>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {notice && (
                <Text role="alert" color="orange.fg" textStyle="sm" me="auto">
                  {notice}
                </Text>
              )}
              <Button variant="outline" onClick={onClose}>
                Done
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
