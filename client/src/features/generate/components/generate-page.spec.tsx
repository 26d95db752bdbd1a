import type { Configuration, Workflow } from '@atelier/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { holdFetch } from '../../../test/held-fetch';
import { renderApp, testUser } from '../../../test/render-app';
import { makeWorkflow } from '../../../test/workflow-factory';
import { configurationsQueryOptions } from '../../configurations/api/get-configurations';
import { workflowQueryOptions } from '../../workflows/api/get-workflow';
import { workflowsQueryOptions } from '../../workflows/api/get-workflows';

const workflow = makeWorkflow({
  id: 7,
  name: 'Text to Image',
  workflow_type: 'comfyui',
  workflow_slug: null,
  override_count: 0,
  configurable_params: {
    steps: { editable: true, type: 'number', display_name: 'Steps', default_value: 20, min: 1, max: 100 },
  },
});

const configuration: Configuration = {
  id: 1,
  workflow_id: 7,
  config_name: 'Many steps',
  parameter_values: { steps: 80 },
  created_at: '2026-01-02T00:00:00.000Z',
};

describe('generate dashboard', () => {
  it('offers the saved configurations once the workflow has loaded, and one applied then fills the form', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/?workflow=7', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(configurationsQueryOptions(7).queryKey, [configuration]);
    });
    // the query cache tells its observers on a later tick
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // while the workflow loads there is no form for a configuration to fill
    expect(screen.queryByRole('button', { name: /^Many steps/ })).not.toBeInTheDocument();

    act(() => {
      queryClient.setQueryData(workflowQueryOptions(7).queryKey, workflow);
    });
    await user.click(await screen.findByRole('button', { name: /^Many steps/ }));
    expect(screen.getByLabelText(/Steps/)).toHaveValue(80);
  });

  it('gives the whole of a name cut short to one line on hover: saved configurations, favourites and the workflow list', async () => {
    const user = userEvent.setup();
    const name = 'Harbour at dusk, warm light, long exposure, '.repeat(5).slice(0, 200);
    const category = 'Photorealistic landscapes and architecture '.repeat(3).slice(0, 100);
    const configName = 'Evening portrait settings with soft light '.repeat(3).slice(0, 100);
    const long: Workflow = { ...workflow, name, category, is_favorite: true };
    const { queryClient } = renderApp('/?workflow=7', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(workflowsQueryOptions().queryKey, [long]);
      queryClient.setQueryData(workflowsQueryOptions({ favorites: true }).queryKey, [long]);
      queryClient.setQueryData(workflowQueryOptions(7).queryKey, long);
      queryClient.setQueryData(configurationsQueryOptions(7).queryKey, [{ ...configuration, config_name: configName }]);
    });
    expect((await screen.findByTitle(configName)).textContent).toBe(configName);
    const favourite = screen.getByRole('region', { name: 'Favorites' });
    expect(within(favourite).getByTitle(name).textContent).toBe(name);
    expect(within(favourite).getByTitle(category).textContent).toBe(category);

    await user.click(screen.getByRole('combobox', { name: 'Workflow' }));
    const option = await screen.findByRole('option', { name: new RegExp(`^${name.slice(0, 20)}`) });
    expect(within(option).getByTitle(name).textContent).toBe(name);
    expect(within(option).getByTitle(category).textContent).toBe(category);
  });

  it('finds a workflow in the dropdown by a name pasted with combining accents, as macOS pastes it', async () => {
    const user = userEvent.setup();
    const creme: Workflow = { ...workflow, id: 8, name: 'Cr\u00e8me br\u00fbl\u00e9e' };
    const { queryClient } = renderApp('/', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(workflowsQueryOptions().queryKey, [workflow, creme]);
    });
    await user.click(screen.getByRole('combobox', { name: 'Workflow' }));
    await user.paste('br\u00fbl\u00e9e'.normalize('NFD'));
    expect(await screen.findByRole('option', { name: /^Cr\u00e8me br\u00fbl\u00e9e/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /^Text to Image/ })).not.toBeInTheDocument();
  });

  it('opens the workflow search with a key typed on the page, but not with one typed in a dialog over it', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/?workflow=7', { user: testUser('user') });
    act(() => {
      queryClient.setQueryData(workflowsQueryOptions().queryKey, [workflow]);
      queryClient.setQueryData(workflowQueryOptions(7).queryKey, workflow);
      queryClient.setQueryData(configurationsQueryOptions(7).queryKey, [configuration]);
    });
    const picker = screen.getByRole('combobox', { name: 'Workflow' });
    await user.click(await screen.findByRole('button', { name: 'Delete configuration Many steps' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete configuration' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();

    await user.keyboard('x');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(picker).toHaveValue('Text to Image');
    expect(dialog).toBeVisible();
    expect(cancel).toHaveFocus();

    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.keyboard('x');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    expect(picker).toHaveValue('x');
  });

  it('shows a refused Save Config value beside its parameter, as Generate does', async () => {
    const { spy, answer, requests } = holdFetch();
    try {
      const user = userEvent.setup();
      const { queryClient } = renderApp('/?workflow=7', { user: testUser('user') });
      act(() => {
        queryClient.setQueryData(workflowQueryOptions(7).queryKey, workflow);
      });
      const steps = await screen.findByLabelText(/Steps/);
      await user.clear(steps);
      await user.type(steps, '80');
      await user.type(screen.getByLabelText('Configuration name'), 'Many steps');
      await user.click(screen.getByRole('button', { name: 'Save Config' }));
      expect(requests().map((request) => request.url.pathname)).toEqual(['/api/configurations']);
      // the workflow's maximum was lowered since this page loaded it
      const refused = 'Steps must be at most 50';
      act(() => answer(Response.json({ error: refused, fields: { steps: refused } }, { status: 400 })));

      const field = steps.closest<HTMLElement>('[data-part="root"]')!;
      expect(await within(field).findByText(refused)).toBeVisible();
      expect(steps).toHaveAttribute('aria-invalid', 'true');
      expect(steps).toHaveFocus();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Configuration name')).toHaveValue('Many steps');
    } finally {
      spy.mockRestore();
    }
  });
});
