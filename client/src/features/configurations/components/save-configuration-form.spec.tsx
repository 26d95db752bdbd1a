import { CONFIG_NAME_MAX, MESSAGES } from '@atelier/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { SaveConfigurationForm } from './save-configuration-form';
import { holdFetch } from '../../../test/held-fetch';

describe('Save configuration form', () => {
  it("asks for a name and a workflow, and drops both messages once a workflow is chosen, keeping the name's field", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    const form = (workflowId: number | null) => (
      <SaveConfigurationForm workflowId={workflowId} getValues={() => ({})} buttonLabel="Save Config" />
    );
    const { rerenderUi } = renderUi(form(null));
    await user.click(screen.getByRole('button', { name: 'Save Config' }));
    expect(screen.getByText(MESSAGES.enterConfigurationName)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.selectWorkflowFirst);
    await user.type(screen.getByLabelText('Configuration name'), 'Night');

    rerenderUi(form(3));

    expect(screen.queryByText(MESSAGES.enterConfigurationName)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Configuration name')).toHaveValue('Night');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends one save for Enter pressed twice in the name while the first is on its way', async () => {
    const { spy: fetchSpy } = holdFetch();
    try {
      const user = userEvent.setup();
      renderUi(<SaveConfigurationForm workflowId={3} getValues={() => ({})} buttonLabel="Save Config" />);
      await user.type(screen.getByLabelText('Configuration name'), 'Night{Enter}{Enter}');
      // the busy button (its spinner in place of the label) takes no click either
      await user.click(screen.getByRole('button'));
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      expect(screen.getByLabelText('Configuration name')).toHaveValue('Night');
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('takes as many emoji as the server counts characters (an emoji is two UTF-16 units), then stops', async () => {
    const user = userEvent.setup();
    renderUi(<SaveConfigurationForm workflowId={3} getValues={() => ({})} buttonLabel="Save Config" />);
    const name = screen.getByLabelText('Configuration name');
    await user.click(name);
    await user.paste('\u{1f3a8}'.repeat(CONFIG_NAME_MAX - 1));
    await user.paste('\u{1f319}\u{1f319}');
    expect(name).toHaveValue(`${'\u{1f3a8}'.repeat(CONFIG_NAME_MAX - 1)}\u{1f319}`);
  });
});
