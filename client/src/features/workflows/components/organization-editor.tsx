import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { MESSAGES, WORKFLOW_CATEGORIES, normalizeTags, type Workflow } from '@atelier/shared';
import { useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { useWorkflowCategories } from '../api/get-workflow-categories';
import { useUpdateOrganization } from '../api/update-organization';
import { TagEditor } from './tag-editor';

const SAVED_TEXT = 'Changes saved';

/** Admins only: the workflow's category and tags (SPEC sections 2, 5 and 9). */
export function OrganizationEditor({ workflow }: { workflow: Workflow }) {
  const serverCategories = useWorkflowCategories().data ?? [];
  const update = useUpdateOrganization(workflow.id);
  const [category, setCategory] = useState(workflow.category);
  const [tags, setTags] = useState<string[]>(workflow.tags);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  // The spec's categories first, then any the server knows of; the same name twice only once.
  const categories = normalizeTags([...WORKFLOW_CATEGORIES, ...serverCategories, workflow.category]);

  const save = () => {
    setMessage(null);
    update.mutate(
      { category, tags: normalizeTags(tags) },
      {
        onSuccess: () => setMessage({ status: 'success', text: SAVED_TEXT }),
        onError: (error) => setMessage({ status: 'error', text: errorText(error, MESSAGES.saveChangesFailed) }),
      },
    );
  };

  return (
    <Stack gap={4}>
      <Field.Root>
        <Field.Label>Category</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={category} onChange={(event) => setCategory(event.target.value)}>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <TagEditor tags={tags} onChange={setTags} />
      <BusyButton colorPalette="purple" variant="outline" loading={update.isPending} onClick={save}>
        Save Changes
      </BusyButton>
      <FormMessage message={message} />
    </Stack>
  );
}
