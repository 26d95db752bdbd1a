import { SLUG_CREATE_REDIRECT_MS } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FormMessageValue } from '../../../components/form-message';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useCreateSlugWorkflow } from '../api/slug-workflows';
import { eokFields, emptySlugForm, overrideLinks, type SlugForm } from '../utils/slug-form';
import { BackToAdmin } from './back-to-admin';
import { SlugWorkflowForm } from './slug-workflow-form';

/** /admin/workflow/new-slug (?slug= prefills it); after a create, the edit page 1.5 s later. */
export function SlugWorkflowCreatePage() {
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const create = useCreateSlugWorkflow();
  const navigate = useNavigate();
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const createdId = create.data?.id;

  useEffect(() => {
    if (createdId === undefined) return;
    const timer = setTimeout(
      () => void navigate(paths.adminSlugWorkflowEdit.href(createdId), { replace: true }),
      SLUG_CREATE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [createdId, navigate]);

  const submit = (form: SlugForm) => {
    setMessage(null);
    create.mutate(
      {
        name: form.name.trim(),
        workflow_type: 'slug',
        category: form.category,
        tags: form.tags,
        ...eokFields(form),
        overrides: overrideLinks(form),
      },
      {
        onSuccess: () => setMessage({ status: 'success', text: ADMIN_MESSAGES.workflowCreated }),
        onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveWorkflowFailed) }),
      },
    );
  };

  return (
    <>
      <PageHeader title="Create slug workflow">
        <BackToAdmin />
      </PageHeader>
      <SlugWorkflowForm
        key={slug}
        initial={emptySlugForm(slug)}
        draftKey="slug-form:new"
        mode="create"
        pending={create.isPending || createdId !== undefined}
        message={message}
        onSubmit={submit}
      />
    </>
  );
}
