import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render-ui';
import { BusyButton } from './busy-button';

describe('BusyButton', () => {
  it('keeps the focus while busy (a disabled button would drop it to the page) and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerenderUi } = renderUi(
      <BusyButton loading={false} loadingText="Submitting..." onClick={onClick}>
        Generate
      </BusyButton>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);

    rerenderUi(
      <BusyButton loading loadingText="Submitting..." onClick={onClick}>
        Generate
      </BusyButton>,
    );
    const busy = screen.getByRole('button', { name: 'Submitting...' });
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveFocus();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
