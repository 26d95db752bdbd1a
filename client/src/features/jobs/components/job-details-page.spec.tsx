import { MESSAGES, cloneJobSchema, type Workflow } from '@atelier/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { holdFetch } from '../../../test/held-fetch';
import { makeJob } from '../../../test/job-factory';
import { renderApp, testUser } from '../../../test/render-app';
import { applyJobUpdated } from '../../live/api/server-events';
import { jobQueryOptions } from '../api/get-job';
import { jobQueryKeys } from '../api/job-query-keys';
import { workflowQueryOptions } from '../../workflows/api/get-workflow';
import { assetsQueryOptions } from '../../parameters/api/get-assets';

const slugWorkflow: Workflow = {
  id: 3,
  name: 'Portraits',
  category: 'Image Generation',
  tags: [],
  workflow_type: 'slug',
  workflow_slug: 'portraits',
  is_favorite: false,
  override_count: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
  eok_runtime: null,
  eok_bucket_name: 'atelier-test-bucket',
  eok_provider: 'vast',
  eok_generation_type: 'image',
  eok_pre_classification_type: 'permissive',
  eok_post_classification_type: 'strict',
  seed_mode: 'fixed',
  download_dir: null,
  workflow_overrides: [
    {
      id: 10,
      workflow_id: 3,
      override_definition_id: 1,
      override_key: 'override_prompt',
      display_name: 'Prompt',
      description: null,
      data_type: 'string',
      category: null,
      is_required: true,
      default_value: null,
      ui_parameter_name: 'prompt',
      display_order: 0,
      validation_rules: {},
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
};

describe('job details page', () => {
  it("offers an admin no 'View Gallery' on another user's job: the gallery holds only one's own media", async () => {
    const { queryClient } = renderApp('/job/6', { user: testUser('admin', 'carol') });
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(6), makeJob({ id: 6, job_name: 'Quay', username: 'bob' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Gallery' })).toBeNull();
  });

  it('suggests a clone name within the 200-character limit for a job whose name is already 200 long', async () => {
    const { queryClient } = renderApp('/job/7', { user: testUser('user', 'marie') });
    const longName = 'W'.repeat(200);
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(7), makeJob({ id: 7, job_name: longName, username: 'marie' }));
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Clone' }));
    const suggested = (await screen.findByRole('textbox', { name: /New job name/ })) as HTMLInputElement;
    expect(suggested.value).toBe(`${'W'.repeat(193)} (copy)`);
    await userEvent.click(screen.getByRole('button', { name: 'Clone job' }));
    expect(screen.queryByText('Job name is at most 200 characters')).toBeNull();
  });

  it.each([
    ['100 emoji, which fit with the suffix', '🎨'.repeat(100), `${'🎨'.repeat(100)} (copy)`],
    ['200 emoji', '🎨'.repeat(200), `${'🎨'.repeat(193)} (copy)`],
    ['a flag across the cut', `${'W'.repeat(192)}🇫🇷W`, `${'W'.repeat(192)} (copy)`],
  ])(
    'suggests a clone name of whole characters, counted as the server counts them, for %s',
    async (_, jobName, copy) => {
      const { queryClient } = renderApp('/job/9', { user: testUser('user', 'marie') });
      act(() => {
        queryClient.setQueryData(jobQueryKeys.detail(9), makeJob({ id: 9, job_name: jobName, username: 'marie' }));
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Clone' }));
      const suggested = (await screen.findByRole('textbox', { name: /New job name/ })) as HTMLInputElement;
      expect(suggested.value).toBe(copy);
      expect(cloneJobSchema.safeParse({ job_name: suggested.value }).success).toBe(true);
    },
  );

  it('opens Clone with the suggested name selected, so what is typed replaces it', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/job/8', { user: testUser('user', 'marie') });
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(8), makeJob({ id: 8, job_name: 'Quay', username: 'marie' }));
    });
    (await screen.findByRole('button', { name: 'Clone' })).focus();
    await user.keyboard('{Enter}');
    const name = (await screen.findByRole('textbox', { name: /New job name/ })) as HTMLInputElement;
    await vi.waitFor(() => expect(name).toHaveFocus());
    expect([name.selectionStart, name.selectionEnd]).toEqual([0, 'Quay (copy)'.length]);
    await user.keyboard('Quay at night');
    expect(name).toHaveValue('Quay at night');
  });

  it.each(['/job/abc', '/job/0', '/job/-3'])("answers 'Job not found' at %s without asking the server", (path) => {
    renderApp(path, { user: testUser('user') });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.jobNotFound);
  });

  it('shows the job, offers cancel while it runs, and follows job:updated to its outcome', async () => {
    const { queryClient } = renderApp('/job/5', { user: testUser('user', 'marie') });
    const running = makeJob({ id: 5, job_name: 'Harbour', status: 'processing', batch_size: 3, batch_completed: 1 });
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(5), running);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Gallery' })).toHaveAttribute('href', '/gallery/5');
    expect(screen.getByText('1 of 3')).toBeInTheDocument();

    act(() =>
      applyJobUpdated(
        queryClient,
        {
          ...running,
          status: 'partial_success',
          batch_completed: 2,
          rejection_count: 1,
          rejection_reasons: [{ batch_index: 2, reason: 'blocked', timestamp: running.created_at }],
        },
        new Map(),
      ),
    );
    expect(await screen.findByText('2 of 3 images were generated; 1 was rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel job' })).not.toBeInTheDocument();
    expect(screen.queryByText('1 of 3')).not.toBeInTheDocument();
  });

  it('stays on the outcome when an earlier copy of the job arrives after it (a poll or push sent before)', async () => {
    const { spy, answer } = holdFetch();
    onTestFinished(() => spy.mockRestore());
    const { queryClient } = renderApp('/job/5', { user: testUser('user', 'marie') });
    const running = makeJob({ id: 5, job_name: 'Harbour', status: 'processing', batch_size: 3, batch_completed: 2 });
    const completed = { ...running, status: 'completed', batch_completed: 3 };
    // the query cache tells the page of new data on its next timer tick
    const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const push = (job: typeof running) =>
      act(async () => {
        applyJobUpdated(queryClient, job, new Map());
        await nextTick();
      });
    const poll = (job: typeof running) =>
      act(async () => {
        const read = queryClient.fetchQuery(jobQueryOptions(5));
        answer(Response.json(job));
        await read;
        await nextTick();
      });

    await push(running);
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    await push(completed);
    expect(screen.queryByText('Processing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel job' })).not.toBeInTheDocument();

    await poll(running);
    expect(screen.queryByText('Processing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel job' })).not.toBeInTheDocument();
    // a push overtaken by the last one
    await push(running);
    expect(screen.queryByText('Processing')).not.toBeInTheDocument();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
  });

  it('shows the name of the image an asset parameter ran with, not its id; an asset gone since keeps the id', async () => {
    const { queryClient } = renderApp('/job/7', { user: testUser('user', 'marie') });
    const imageToImage: Workflow = {
      ...slugWorkflow,
      workflow_type: 'comfyui',
      workflow_slug: null,
      workflow_overrides: undefined,
      configurable_params: {
        image: { type: 'asset', display_name: 'Source image', asset_type: 'image' },
        mask: { type: 'asset', display_name: 'Mask', asset_type: 'image' },
      },
    };
    const asset = {
      id: 12,
      type: 'image',
      filename: 'a1b2.png',
      display_name: 'harbour.png',
      url: '',
      thumbnail_url: '',
    };
    act(() => {
      queryClient.setQueryData(
        jobQueryKeys.detail(7),
        makeJob({ id: 7, workflow_id: 3, job_name: 'Watercolour', parameters: { image: 12, mask: 13 } }),
      );
      queryClient.setQueryData(workflowQueryOptions(3).queryKey, imageToImage);
      queryClient.setQueryData(assetsQueryOptions().queryKey, [asset]);
    });
    await screen.findByText('Source image');
    const parameters = screen.getByRole('region', { name: 'Parameters' });
    expect(parameters).toHaveTextContent('Source imageimageharbour.png');
    expect(parameters).toHaveTextContent('Maskmask13');
  });

  it("names each parameter as the workflow's form does, beside its stored key", async () => {
    const { queryClient } = renderApp('/job/7', { user: testUser('user', 'marie') });
    const job = makeJob({
      id: 7,
      workflow_id: 3,
      job_name: 'Portrait',
      parameters: { override_prompt: 'a fox', override_gone: 4 },
    });
    act(() => {
      queryClient.setQueryData(jobQueryKeys.detail(7), job);
      queryClient.setQueryData(workflowQueryOptions(3).queryKey, slugWorkflow);
    });
    await screen.findByText('Prompt');
    const parameters = screen.getByRole('region', { name: 'Parameters' });
    expect(parameters).toHaveTextContent('Promptoverride_prompt');
    // a key the workflow no longer has keeps its own name
    expect(parameters).toHaveTextContent('override_gone4');
  });
});
