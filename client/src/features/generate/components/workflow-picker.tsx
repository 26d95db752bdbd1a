import { Combobox, Portal, Stack, Text, createListCollection } from '@chakra-ui/react';
import { MESSAGES, type Workflow } from '@atelier/shared';
import { useMemo, useRef, useState } from 'react';
import { useWorkflows } from '../../workflows/api/get-workflows';
import { usePrintableKeyOpener } from '../hooks/use-printable-key-opener';
import { includesSearch } from '../../../lib/search-text';

function matches(workflow: Workflow, search: string): boolean {
  return [workflow.name, workflow.category, ...workflow.tags].some((text) => includesSearch(text, search));
}

/**
 * The searchable workflow dropdown. The box shows the chosen workflow until the user types; typing
 * anywhere outside an input opens it with that key as the search.
 */
export function WorkflowPicker({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { data, isError } = useWorkflows();
  const workflows = useMemo(() => data ?? [], [data]);
  // a failed read is only logged (SPEC section 8): 'No results found' would answer a search never typed
  const unread = isError && !data;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  /** null while not searching: the box then shows the chosen workflow's name. */
  const [search, setSearch] = useState<string | null>(null);

  const selected = workflows.find((workflow) => workflow.id === selectedId);
  const collection = useMemo(
    () =>
      createListCollection({
        items: search ? workflows.filter((workflow) => matches(workflow, search)) : workflows,
        itemToString: (workflow) => workflow.name,
        itemToValue: (workflow) => String(workflow.id),
      }),
    [workflows, search],
  );

  usePrintableKeyOpener((key) => {
    setSearch(key);
    setOpen(true);
    inputRef.current?.focus();
  });

  return (
    <Combobox.Root
      collection={collection}
      value={selectedId === null ? [] : [String(selectedId)]}
      inputValue={search ?? selected?.name ?? ''}
      open={open}
      openOnClick
      inputBehavior="autohighlight"
      placeholder="Search workflows..."
      positioning={{ sameWidth: true }}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (!details.open) setSearch(null);
      }}
      onInputValueChange={(details) => {
        if (details.reason === 'input-change') setSearch(details.inputValue);
      }}
      onValueChange={(details) => {
        const id = Number(details.value[0]);
        if (Number.isInteger(id) && id > 0) onSelect(id);
        setSearch(null);
      }}
    >
      <Combobox.Label srOnly>Workflow</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input ref={inputRef} bg="bg" />
        <Combobox.IndicatorGroup>
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content maxH="20rem">
            {!unread && <Combobox.Empty>{MESSAGES.noResultsFound}</Combobox.Empty>}
            {collection.items.map((workflow) => (
              <Combobox.Item key={workflow.id} item={workflow}>
                <Stack gap={0} minW={0}>
                  <Combobox.ItemText truncate title={workflow.name}>
                    {workflow.name}
                  </Combobox.ItemText>
                  <Text textStyle="xs" color="fg.muted" truncate title={workflow.category}>
                    {workflow.category}
                  </Text>
                </Stack>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
