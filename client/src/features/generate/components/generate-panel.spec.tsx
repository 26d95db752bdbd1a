import { JOB_NAME_MAX_LENGTH, MESSAGES } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { GeneratePanel } from './generate-panel';
import { holdFetch } from '../../../test/held-fetch';

describe('Generate panel', () => {
  // Observed, not faked: every case here must be settled before anything is sent.
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockClear());

  const batchSize = () => screen.getByLabelText('Batch size');

  it('defaults the batch size to 1 and clamps what is typed to 1..999999 when the box is left', async () => {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={() => null} />);
    expect(batchSize()).toHaveValue(1);
    expect(batchSize()).toHaveAttribute('min', '1');
    expect(batchSize()).toHaveAttribute('max', '999999');

    for (const [typed, clamped] of [
      ['0', 1],
      ['-5', 1],
      ['1000000', 999999],
      ['12.7', 12],
      ['', 1],
      ['3', 3],
    ] as const) {
      await user.clear(batchSize());
      if (typed) await user.type(batchSize(), typed);
      await user.tab();
      expect(batchSize(), typed).toHaveValue(clamped);
    }
  });

  it('clamps the batch size on Generate too', async () => {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={() => null} />);
    await user.clear(batchSize());
    await user.type(batchSize(), '2000000');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(batchSize()).toHaveValue(999999);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for a workflow first', async () => {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={null} jobNameRequired={false} collectParameters={() => ({})} />);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectWorkflowFirst);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('forgets "Please select a workflow first" once a workflow is chosen', async () => {
    const user = userEvent.setup();
    const panel = (workflowId: number | null) => (
      <GeneratePanel workflowId={workflowId} jobNameRequired={false} collectParameters={() => ({})} />
    );
    const { rerenderUi } = renderUi(panel(null));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectWorkflowFirst);

    rerenderUi(panel(3));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(MESSAGES.selectWorkflowFirst)).toBeNull();
  });

  /** The form field (label, control, messages) around the control labelled `label`. */
  const fieldOf = (label: RegExp) => screen.getByLabelText(label).closest<HTMLElement>('[data-part="root"]')!;

  it('requires a job name on the workflow screens, beside the field, checking the parameters at the same time', async () => {
    const user = userEvent.setup();
    const collect = vi.fn(() => ({ steps: 20 }));
    renderUi(<GeneratePanel workflowId={3} jobNameRequired collectParameters={collect} />);
    const jobName = () => screen.getByLabelText(/^Job name/);
    expect(within(fieldOf(/^Job name/)).queryByText(MESSAGES.enterJobName)).not.toBeInTheDocument();

    await user.type(jobName(), '   ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(within(fieldOf(/^Job name/)).getByText(MESSAGES.enterJobName)).toBeVisible();
    expect(jobName()).toHaveAttribute('aria-invalid', 'true');
    expect(jobName()).toHaveFocus();
    expect(collect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(jobName(), 'Dusk');
    expect(within(fieldOf(/^Job name/)).queryByText(MESSAGES.enterJobName)).not.toBeInTheDocument();
    expect(jobName()).not.toHaveAttribute('aria-invalid');
    await user.clear(jobName());
    expect(within(fieldOf(/^Job name/)).getByText(MESSAGES.enterJobName)).toBeVisible();

    // a zero-width space alone shows nothing: the server would store it as no name
    await user.type(jobName(), '\u200b');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(within(fieldOf(/^Job name/)).getByText(MESSAGES.enterJobName)).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('takes a job name of as many emoji as the server counts characters (an emoji is two UTF-16 units)', async () => {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={3} jobNameRequired collectParameters={() => null} />);
    const jobName = screen.getByLabelText(/^Job name/);
    await user.click(jobName);
    await user.paste('\u{1f3a8}'.repeat(JOB_NAME_MAX_LENGTH - 1));
    // a flag is one character to see, two to the server: it would pass the limit, so it is left out
    await user.paste('\u{1f1eb}\u{1f1f7}\u{1f319}');
    expect(jobName).toHaveValue('\u{1f3a8}'.repeat(JOB_NAME_MAX_LENGTH - 1));
    await user.paste('\u{1f319}\u{1f319}');
    expect(jobName).toHaveValue(`${'\u{1f3a8}'.repeat(JOB_NAME_MAX_LENGTH - 1)}\u{1f319}`);
  });

  it('leaves the focus on the first invalid parameter when the job name is blank too', async () => {
    const user = userEvent.setup();
    renderUi(<GeneratePanel workflowId={3} jobNameRequired collectParameters={() => null} />);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(within(fieldOf(/^Job name/)).getByText(MESSAGES.enterJobName)).toBeVisible();
    expect(screen.getByLabelText(/^Job name/)).not.toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('does not ask for a job name on the dashboard', async () => {
    const user = userEvent.setup();
    const collect = vi.fn(() => null);
    renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={collect} />);
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.queryByText(MESSAGES.enterJobName)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(collect).toHaveBeenCalledOnce();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('Generate panel, from the keyboard', () => {
  it('keeps the focus on Generate while the job is sent (a disabled button dropped it to the page)', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy } = holdFetch();
    try {
      renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={() => ({})} />);
      screen.getByRole('button', { name: 'Generate' }).focus();
      await user.keyboard('{Enter}');
      const busy = await screen.findByRole('button', { name: 'Submitting...' });
      expect(busy).toHaveFocus();
      expect(busy).not.toBeDisabled();
      expect(busy).toHaveAttribute('aria-disabled', 'true');
      // a second Enter sends nothing more
      await user.keyboard('{Enter}');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
