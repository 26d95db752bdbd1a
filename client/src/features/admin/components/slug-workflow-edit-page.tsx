import { Alert, Spinner } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { useState } from 'react';
import type { FormMessageValue } from '../../../components/form-message';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/api-error';
import { useWorkflow } from '../../workflows/api/get-workflow';
import { NotSlugRedirect } from '../../workflows/components/not-slug-redirect';
import { useRouteWorkflowId } from '../../workflows/hooks/use-route-workflow-id';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useUpdateSlugWorkflow } from '../api/slug-workflows';
import { eokFields, formFromWorkflow, overrideLinks, type SlugForm } from '../utils/slug-form';
import { BackToAdmin } from './back-to-admin';
import { SlugWorkflowForm } from './slug-workflow-form';

const TITLE = 'Edit slug workflow';

/** /admin/workflow/{id}/slug: edits in place; the overrides are saved as one diff. */
export function SlugWorkflowEditPage() {
  const id = useRouteWorkflowId();
  const workflow = useWorkflow(id);
  const update = useUpdateSlugWorkflow();
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  // Bumped after a save so the form starts again from the saved links, ids included (in place, not
  // remounted: a new key would drop the keyboard focus of Save Changes to the page).
  const [version, setVersion] = useState(0);

  const submit = (form: SlugForm) => {
    if (id === null) return;
    setMessage(null);
    update.mutate(
      {
        id,
        name: form.name.trim(),
        category: form.category,
        tags: form.tags,
        ...eokFields(form),
        overrides: overrideLinks(form),
        // the list is saved as a diff: from a copy older than another admin's save, it would undo that save
        ...(form.opened_at ? { expected_updated_at: form.opened_at } : {}),
      },
      {
        onSuccess: () => {
          setVersion((v) => v + 1);
          setMessage({ status: 'success', text: ADMIN_MESSAGES.workflowUpdated });
        },
        onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveWorkflowFailed) }),
      },
    );
  };

  if (workflow.isError || id === null)
    return (
      <>
        <PageTitle title={TITLE} />
        <Alert.Root status="error" role="alert" maxW="xl">
          <Alert.Indicator />
          <Alert.Title>{errorText(workflow.error, MESSAGES.loadWorkflowFailed)}</Alert.Title>
        </Alert.Root>
      </>
    );

  // only slug workflows are edited here: the server refuses to save any other
  if (workflow.data && workflow.data.workflow_type !== 'slug') return <NotSlugRedirect id={id} title={TITLE} />;

  return (
    <>
      <PageHeader title={TITLE}>
        <BackToAdmin />
      </PageHeader>
      {workflow.data ? (
        <SlugWorkflowForm
          key={workflow.data.id}
          initial={formFromWorkflow(workflow.data)}
          draftKey={`slug-form:${workflow.data.id}`}
          mode="edit"
          pending={update.isPending}
          message={message}
          savedVersion={version}
          onSubmit={submit}
        />
      ) : (
        <Spinner role="status" aria-label="Loading" />
      )}
    </>
  );
}
