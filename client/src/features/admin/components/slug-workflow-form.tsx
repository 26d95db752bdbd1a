import { Button, Field, HStack, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { MESSAGES, WORKFLOW_CATEGORIES, normalizeTags, type OverrideDefinition } from '@atelier/shared';
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { SectionCard } from '../../../components/section-card';
import { DRAFT_RESTORED } from '../../../lib/session-drafts';
import { useResetOnChange } from '../../../lib/use-reset-on-change';
import { useDraftSource, useKeptDraft } from '../../auth/hooks/use-session-draft';
import { useBaseWorkflow, useBaseWorkflows } from '../api/base-workflows';
import { useMissingSlugs } from '../api/slug-workflows';
import { itemFromDefinition, moveItem, slugFormProblem, type SlugForm } from '../utils/slug-form';
import { slugFormDraft } from '../utils/slug-form-draft';
import { AddOverrideDialog } from './add-override-dialog';
import { MissingSlugsBanner } from './missing-slugs-banner';
import { OverrideList } from './override-list';
import { SelectField } from './select-field';
import { SlugEokFields } from './slug-eok-fields';

/** The slug workflow editor's form, shared by create and edit (SPEC section 2). */
export function SlugWorkflowForm({
  initial,
  draftKey,
  mode,
  pending,
  message,
  savedVersion,
  onSubmit,
}: {
  initial: SlugForm;
  /** Names this form's typing, kept should the server end the session (lib/session-drafts). */
  draftKey: string;
  mode: 'create' | 'edit';
  pending: boolean;
  message: FormMessageValue | null;
  /** Bumped after a save: the form starts again from `initial` (the saved links, ids included). */
  savedVersion?: number;
  onSubmit: (form: SlugForm) => void;
}) {
  const kept = useKeptDraft(draftKey);
  const [restored] = useState(() => slugFormDraft(kept, initial));
  const [form, setForm] = useState(restored ?? initial);
  useDraftSource(draftKey, () => (JSON.stringify(form) !== JSON.stringify(initial) ? form : undefined));
  // said until the next save: the form is as it was, but it never reached the server
  const [restoreSaid, setRestoreSaid] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // reset in place rather than remounted, so the focus stays on Save Changes (or the field) in hand
  useResetOnChange(savedVersion, () => {
    setForm(initial);
    setProblem(null);
  });
  const [picking, setPicking] = useState(false);
  const missing = useMissingSlugs().data ?? [];
  const baseFile = `${form.workflow_slug.trim()}.json`;
  const known = (useBaseWorkflows().data ?? []).some((file) => file.name === baseFile);
  const allowedKeys = useBaseWorkflow(known ? baseFile : null).data?.override_keys ?? null;
  const categories = normalizeTags([...WORKFLOW_CATEGORIES, form.category]);

  const change = <K extends keyof SlugForm>(key: K, value: SlugForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setOverrides = (next: SlugForm['overrides']) => change('overrides', next);

  const add = (definition: OverrideDefinition) => {
    if (form.overrides.some((item) => item.definitionId === definition.id)) {
      return setProblem(MESSAGES.overrideAlreadyAdded);
    }
    setProblem(null);
    setOverrides([...form.overrides, itemFromDefinition(definition)]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // one save at a time: Enter in a field while saving must not send a second one
    if (pending) return;
    setRestoreSaid(true);
    const found = slugFormProblem(form);
    setProblem(found);
    if (!found) onSubmit(form);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={5}>
        {mode === 'create' && (
          <MissingSlugsBanner
            slugs={missing}
            title="Quick create from a base workflow"
            onPick={(slug) => setForm((f) => ({ ...f, workflow_slug: slug, name: f.name.trim() ? f.name : slug }))}
          />
        )}
        <SectionCard title="Basic Information">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
            <Field.Root required>
              <Field.Label>
                Workflow name <Field.RequiredIndicator />
              </Field.Label>
              <Input bg="bg" value={form.name} onChange={(e) => change('name', e.target.value)} />
            </Field.Root>
            <SelectField
              label="Category"
              value={form.category}
              options={categories}
              onChange={(v) => change('category', v)}
            />
          </SimpleGrid>
        </SectionCard>
        <SectionCard title="External Generation Configuration">
          <SlugEokFields form={form} onChange={change} />
        </SectionCard>
        <SectionCard
          title="Parameter Overrides"
          action={
            <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
              Add Override
            </Button>
          }
        >
          <OverrideList
            items={form.overrides}
            onChange={(index, item) => setOverrides(form.overrides.map((old, i) => (i === index ? item : old)))}
            onMove={(index, step) => setOverrides(moveItem(form.overrides, index, step))}
            onRemove={(index) => setOverrides(form.overrides.filter((_, i) => i !== index))}
          />
        </SectionCard>
        <FormMessage
          message={
            problem
              ? { status: 'error', text: problem }
              : (message ?? (restored && !restoreSaid ? { status: 'info', text: DRAFT_RESTORED.notSaved } : null))
          }
        />
        <HStack justify="flex-end">
          <BusyButton type="submit" colorPalette="purple" loading={pending}>
            {mode === 'create' ? 'Create Workflow' : 'Save Changes'}
          </BusyButton>
        </HStack>
        <AddOverrideDialog
          open={picking}
          addedIds={new Set(form.overrides.map((item) => item.definitionId))}
          allowedKeys={allowedKeys}
          baseFile={baseFile}
          onAdd={add}
          onClose={() => setPicking(false)}
        />
      </Stack>
    </form>
  );
}
