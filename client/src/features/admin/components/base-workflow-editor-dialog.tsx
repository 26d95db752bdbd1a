import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { Suspense, lazy, useEffect, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { LazyLoadBoundary } from '../../../components/lazy-load-boundary';
import { errorText } from '../../../lib/api-error';
import { DRAFT_RESTORED } from '../../../lib/session-drafts';
import { useDraftSource } from '../../auth/hooks/use-session-draft';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useBaseWorkflow, useSaveBaseWorkflow } from '../api/base-workflows';
import { BASE_WORKFLOW_DRAFT, type BaseWorkflowDraft } from '../utils/base-workflow-draft';
import { formatJson, jsonProblem, stripJsonSuffix, withJsonSuffix } from '../utils/json-text';

// CodeMirror is only loaded when an admin opens the editor.
const JsonCodeEditor = lazy(() => import('./json-code-editor').then((m) => ({ default: m.JsonCodeEditor })));

const NEW_WORKFLOW = '{\n  \n}';
const UNSAVED_TEXT = 'This workflow has unsaved changes: save them, or press Cancel to discard them';

/**
 * Creates a base workflow (`filename` null) or edits one, renaming allowed. Each save is one
 * commit to the repository (DESIGN section 4).
 */
export function BaseWorkflowEditorDialog({
  filename,
  draft,
  onClose,
  onSaved,
}: {
  filename: string | null;
  /** What was typed here when the session last ended, to start from. */
  draft?: BaseWorkflowDraft;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const loaded = useBaseWorkflow(filename);
  const save = useSaveBaseWorkflow();
  const [name, setName] = useState(draft?.name ?? (filename ? stripJsonSuffix(filename) : ''));
  const [content, setContent] = useState(draft?.content ?? (filename ? '' : NEW_WORKFLOW));
  const [message, setMessage] = useState<FormMessageValue | null>(
    draft ? { status: 'info', text: DRAFT_RESTORED.notSaved } : null,
  );
  // the file as this editor first read it: a later read (another admin saved) must not replace
  // what is being typed, and the save names this version so it cannot drop their change unseen
  const [baseSha, setBaseSha] = useState<string | null>(draft?.baseSha ?? null);
  const data = loaded.data;
  // an existing file is edited once read: before that (or when reading failed) there is no JSON to
  // check, and Save said 'Invalid JSON: Unexpected end of JSON input' about a text never shown
  const ready = filename === null || data !== undefined;

  useEffect(() => {
    if (!data || baseSha !== null) return;
    if (!draft) setContent(data.raw_content);
    setBaseSha(data.sha);
  }, [data, baseSha, draft]);

  const format = () => {
    if (!ready) return;
    const result = formatJson(content);
    if (result.ok) {
      setContent(result.text);
      setMessage(null);
    } else setMessage({ status: 'error', text: `Cannot format: ${result.message}` });
  };

  const dirty =
    filename === null
      ? content !== NEW_WORKFLOW || name.trim() !== ''
      : data !== undefined && (content !== data.raw_content || withJsonSuffix(name) !== filename);

  useDraftSource(BASE_WORKFLOW_DRAFT, () => (dirty ? { filename, name, content, baseSha } : undefined));

  // Escape in CodeMirror's search box closes that box only; elsewhere it would throw the unsaved
  // text away, so then it only says how to do that on purpose
  const onEscape = (event: KeyboardEvent) => {
    if (event.target instanceof Element && event.target.closest('.cm-panels')) return event.preventDefault();
    if (!dirty) return;
    event.preventDefault();
    setMessage({ status: 'error', text: UNSAVED_TEXT });
  };

  const submit = () => {
    // one save at a time: Enter in the name field while saving must not send a second one
    if (!ready || save.isPending) return;
    if (!name.trim()) return setMessage({ status: 'error', text: MESSAGES.workflowNameRequired });
    const problem = jsonProblem(content);
    if (problem) return setMessage({ status: 'error', text: `Invalid JSON: ${problem}` });
    setMessage(null);
    const newName = withJsonSuffix(name);
    save.mutate(
      filename
        ? {
            mode: 'update',
            filename,
            content,
            ...(newName !== filename ? { newName } : {}),
            ...(baseSha ? { baseSha } : {}),
          }
        : { mode: 'create', name: newName, content },
      {
        onSuccess: (change) => onSaved(change.message),
        onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveWorkflowFailed) }),
      },
    );
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="xl"
      placement="center"
      closeOnInteractOutside={false}
      onEscapeKeyDown={onEscape}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{filename ? `Edit ${filename}` : 'Create New Workflow'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={4}>
                <Field.Root required>
                  <Field.Label>
                    Workflow name <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                    // the dialog is no form (Enter in the JSON editor is a new line): Enter here saves
                    onKeyDown={(event) => event.key === 'Enter' && submit()}
                    placeholder="my-workflow"
                  />
                  <Field.HelperText>Saved as {name.trim() ? withJsonSuffix(name) : 'name.json'}</Field.HelperText>
                </Field.Root>
                <Stack gap={2}>
                  <HStack justify="space-between">
                    <Text fontWeight="medium" textStyle="sm">
                      Workflow JSON
                    </Text>
                    <Button size="xs" variant="outline" disabled={!ready} onClick={format}>
                      Format JSON
                    </Button>
                  </HStack>
                  {/* a failed read again (the window regained focus) leaves the JSON being typed in view */}
                  {loaded.isError && !data ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{errorText(loaded.error, ADMIN_MESSAGES.loadWorkflowDataFailed)}</Alert.Title>
                    </Alert.Root>
                  ) : (
                    <LazyLoadBoundary what="JSON editor">
                      <Suspense fallback={<Spinner role="status" aria-label="Loading" />}>
                        <JsonCodeEditor label="Workflow JSON" value={content} onChange={setContent} />
                      </Suspense>
                    </LazyLoadBoundary>
                  )}
                </Stack>
                <Alert.Root status="info" variant="surface">
                  <Alert.Indicator />
                  <Alert.Title>{ADMIN_MESSAGES.committedNote}</Alert.Title>
                </Alert.Root>
                <FormMessage message={message} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <BusyButton colorPalette="purple" loading={save.isPending} disabled={!ready} onClick={submit}>
                {filename ? 'Save Changes' : 'Create Workflow'}
              </BusyButton>
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
