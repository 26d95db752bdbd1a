import { MESSAGES, type OverrideDefinition, type Workflow } from '@atelier/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { workflowQueryOptions } from '../../workflows/api/get-workflow';
import { overrideDefinitionsQueryOptions } from '../api/override-definitions';
import { baseWorkflowQueryOptions, baseWorkflowsQueryOptions } from '../api/base-workflows';
import { missingSlugsQueryOptions } from '../api/slug-workflows';
import { holdFetch } from '../../../test/held-fetch';

const definitions: OverrideDefinition[] = [
  {
    id: 1,
    override_key: 'override_prompt',
    display_name: 'Prompt',
    description: null,
    data_type: 'string',
    validation_rules: {},
    category: 'Text',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    override_key: 'override_steps',
    display_name: 'Steps',
    description: null,
    data_type: 'integer',
    validation_rules: {},
    category: 'Sampling',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
];

const slugWorkflow: Workflow = {
  id: 5,
  name: 'Loop',
  category: 'Video Generation',
  tags: [],
  workflow_type: 'slug',
  workflow_slug: 'video-loop',
  is_favorite: false,
  override_count: 2,
  updated_at: '2026-01-01T00:00:00.000Z',
  eok_runtime: null,
  eok_bucket_name: 'atelier-test-bucket',
  eok_provider: 'vast',
  eok_generation_type: 'video',
  eok_pre_classification_type: 'permissive',
  eok_post_classification_type: 'strict',
  seed_mode: 'fixed',
  download_dir: null,
  workflow_overrides: [
    {
      ...definitions[1]!,
      id: 11,
      workflow_id: 5,
      override_definition_id: 2,
      is_required: false,
      default_value: 20,
      ui_parameter_name: 'steps',
      display_order: 1,
    },
    {
      ...definitions[0]!,
      id: 10,
      workflow_id: 5,
      override_definition_id: 1,
      is_required: true,
      default_value: null,
      ui_parameter_name: 'prompt',
      display_order: 0,
    },
  ],
};

describe('slug workflow editor', () => {
  it('starts with the defaults of SPEC section 9 and names what is missing on save', async () => {
    const user = userEvent.setup();
    renderApp('/admin/workflow/new-slug', { user: testUser('admin') });
    expect(screen.getByLabelText('Provider')).toHaveValue('novita');
    expect(screen.getByLabelText('Generation type')).toHaveValue('image');
    expect(screen.getByLabelText('Seed mode')).toHaveValue('random');
    expect(screen.getByLabelText('Category')).toHaveValue('Image Generation');

    const save = screen.getByRole('button', { name: 'Create Workflow' });
    await user.click(save);
    expect(await screen.findByText(MESSAGES.workflowNameRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Workflow name/), 'Loop');
    await user.click(save);
    expect(await screen.findByText(MESSAGES.workflowSlugRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Workflow slug/), 'video-loop');
    await user.click(save);
    expect(await screen.findByText(MESSAGES.atLeastOneOverride)).toBeInTheDocument();
  }, 20_000);

  it('prefills slug and name from a quick-create chip', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin/workflow/new-slug', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(missingSlugsQueryOptions().queryKey, ['upscale']);
    });
    await user.click(await screen.findByRole('button', { name: 'upscale' }));
    expect(screen.getByLabelText(/Workflow slug/)).toHaveValue('upscale');
    expect(screen.getByLabelText(/Workflow name/)).toHaveValue('upscale');
  });

  it('adds overrides from the modal grouped by category, an added one disabled with a check', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin/workflow/new-slug?slug=video-loop', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, definitions);
    });
    await user.click(screen.getByRole('button', { name: 'Add Override' }));
    const dialog = await screen.findByRole('dialog');
    const sampling = within(dialog).getByRole('group', { name: 'Sampling' });
    await user.click(within(sampling).getByRole('button', { name: 'Steps' }));
    const added = within(sampling).getByRole('button', { name: 'Steps (added)' });
    expect(added).toHaveAttribute('aria-disabled', 'true');
    await user.click(added);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.overrideAlreadyAdded);
    await user.click(within(dialog).getByRole('button', { name: 'Prompt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const list = screen.getByRole('list', { name: 'Parameter overrides' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Steps', 'Prompt']);
    await user.click(screen.getByRole('button', { name: 'Move Prompt up' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Prompt', 'Steps']);
    await user.click(screen.getByRole('button', { name: 'Remove Steps' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says why a base workflow with no override keys offers nothing to add', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin/workflow/new-slug?slug=upscale', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, definitions);
      queryClient.setQueryData(baseWorkflowsQueryOptions().queryKey, [{ name: 'upscale.json', size: 10, sha: 'a' }]);
      queryClient.setQueryData(baseWorkflowQueryOptions('upscale.json').queryKey, {
        name: 'upscale.json',
        size: 10,
        sha: 'a',
        content: {},
        raw_content: '{}',
        override_keys: [],
      });
    });
    await user.click(screen.getByRole('button', { name: 'Add Override' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('upscale.json uses no override keys (override_…), so no override applies to it.');
    expect(within(dialog).queryByRole('button', { name: 'Prompt' })).not.toBeInTheDocument();
  });

  it('loads a slug workflow for editing with its overrides in display order', async () => {
    const { queryClient } = renderApp('/admin/workflow/5/slug', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(workflowQueryOptions(5).queryKey, slugWorkflow);
    });
    expect(await screen.findByLabelText(/Workflow name/)).toHaveValue('Loop');
    expect(screen.getByLabelText('Provider')).toHaveValue('vast');
    expect(screen.getByLabelText('Seed mode')).toHaveValue('fixed');
    const list = screen.getByRole('list', { name: 'Parameter overrides' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Prompt', 'Steps']);
    expect(screen.getByLabelText('Default value of Steps')).toHaveValue(20);
    expect(
      within(within(list).getByRole('listitem', { name: 'Prompt' })).getByRole('checkbox', { name: 'Required' }),
    ).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('sends a JSON workflow to /workflow/{id} with the slug alert, instead of a form the server would refuse', async () => {
    const { queryClient, router } = renderApp('/admin/workflow/5/slug', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(workflowQueryOptions(5).queryKey, {
        ...slugWorkflow,
        workflow_type: 'comfyui',
        workflow_slug: null,
        workflow_overrides: [],
      });
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a slug-based workflow. Redirecting...');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/workflow/5'), { timeout: 5000 });
  });

  it("picks a select override's default from its options, and shows a number's range before it is saved", async () => {
    const user = userEvent.setup();
    const link = { workflow_id: 5, is_required: false, default_value: null, created_at: '2026-01-01T00:00:00.000Z' };
    const withRules: Workflow = {
      ...slugWorkflow,
      workflow_overrides: [
        {
          ...link,
          id: 13,
          override_definition_id: 4,
          override_key: 'override_width',
          display_name: 'Width',
          description: null,
          category: 'Size',
          data_type: 'select',
          validation_rules: { options: [512, 768, 1024] },
          default_value: 768,
          ui_parameter_name: 'width',
          display_order: 0,
        },
        {
          ...link,
          id: 14,
          override_definition_id: 5,
          override_key: 'override_cfg',
          display_name: 'CFG Scale',
          description: null,
          category: 'Sampling',
          data_type: 'float',
          validation_rules: { min: 1, max: 20, step: 0.5 },
          ui_parameter_name: 'cfg',
          display_order: 1,
        },
      ],
    };
    const { queryClient } = renderApp('/admin/workflow/5/slug', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(workflowQueryOptions(5).queryKey, withRules);
    });
    const width = await screen.findByRole('combobox', { name: 'Default value of Width' });
    expect(width).toHaveValue('768');
    expect(
      within(width)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No default', '512', '768', '1024']);
    await user.selectOptions(width, '1024');
    expect(width).toHaveValue('1024');

    const cfg = screen.getByRole('spinbutton', { name: 'Default value of CFG Scale' });
    expect(cfg).toHaveAttribute('min', '1');
    expect(cfg).toHaveAttribute('max', '20');
    expect(cfg).toHaveAttribute('step', '0.5');
    const cfgItem = screen.getByRole('listitem', { name: 'CFG Scale' });
    expect(within(cfgItem).getByText('(1 to 20, steps of 0.5)')).toBeInTheDocument();
  });

  it("picks a boolean override's default from true, false or none", async () => {
    const user = userEvent.setup();
    const flag = { ...definitions[0]!, id: 3, override_key: 'override_upscale', display_name: 'Upscale' };
    const withFlag: Workflow = {
      ...slugWorkflow,
      workflow_overrides: [
        {
          ...flag,
          data_type: 'boolean' as const,
          id: 12,
          workflow_id: 5,
          override_definition_id: 3,
          is_required: false,
        },
      ].map((link) => ({ ...link, default_value: false, ui_parameter_name: 'upscale', display_order: 0 })),
    };
    const { queryClient } = renderApp('/admin/workflow/5/slug', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(workflowQueryOptions(5).queryKey, withFlag);
    });
    const select = await screen.findByRole('combobox', { name: 'Default value of Upscale' });
    expect(select).toHaveValue('false');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No default', 'true', 'false']);
    await user.selectOptions(select, 'true');
    expect(select).toHaveValue('true');
  });
});

describe('slug workflow editor, from the keyboard', () => {
  it('keeps the focus on Save Changes while saving and after, and starts again from what was saved', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy, answer } = holdFetch();
    try {
      const { queryClient } = renderApp('/admin/workflow/5/slug', { user: testUser('admin') });
      act(() => {
        queryClient.setQueryData(workflowQueryOptions(5).queryKey, slugWorkflow);
      });
      const name = await screen.findByLabelText(/Workflow name/);
      await user.clear(name);
      await user.type(name, '  Loop edited  ');
      const save = screen.getByRole('button', { name: 'Save Changes' });
      save.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
      expect(save).toHaveFocus();
      expect(save).not.toBeDisabled();
      // a second Enter, or Enter in a field, sends nothing more
      await user.keyboard('{Enter}');
      await user.type(name, '{Enter}');
      save.focus();
      expect(fetchSpy).toHaveBeenCalledTimes(1);

      const saved = { ...slugWorkflow, name: 'Loop edited', updated_at: '2026-01-02T00:00:00.000Z' };
      act(() => {
        queryClient.setQueryData(workflowQueryOptions(5).queryKey, saved);
      });
      answer(Response.json(saved));
      expect(await screen.findByText('Workflow updated successfully!')).toBeInTheDocument();
      expect(screen.getByLabelText(/Workflow name/)).toHaveValue('Loop edited');
      expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveFocus();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
