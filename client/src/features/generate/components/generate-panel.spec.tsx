import { MESSAGES } from '@atelier/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { GeneratePanel } from './generate-panel';

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

  it('requires a job name on the workflow screens but not on the dashboard', async () => {
    const user = userEvent.setup();
    const collect = vi.fn(() => null);
    const { unmount } = renderUi(<GeneratePanel workflowId={3} jobNameRequired collectParameters={collect} />);
    await user.type(screen.getByLabelText(/^Job name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.enterJobName);
    expect(screen.getByLabelText(/^Job name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Job name/)).toHaveFocus();
    expect(collect).not.toHaveBeenCalled();
    unmount();

    renderUi(<GeneratePanel workflowId={3} jobNameRequired={false} collectParameters={collect} />);
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(collect).toHaveBeenCalledOnce();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
