import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { FavoriteStar } from './favorite-star';
import { holdFetch } from '../../../test/held-fetch';

describe('FavoriteStar', () => {
  it('keeps the focus while the server confirms the toggle, and sends one toggle at a time', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy } = holdFetch();
    try {
      renderUi(<FavoriteStar workflowId={4} isFavorite={false} />);
      const star = screen.getByRole('button', { name: 'Favorite' });
      star.focus();
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
      expect(star).toHaveFocus();
      expect(star).not.toBeDisabled();
      expect(star).toHaveAttribute('aria-disabled', 'true');
      await user.keyboard('{Enter}');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
