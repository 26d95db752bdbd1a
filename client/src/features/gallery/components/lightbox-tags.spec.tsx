import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeGalleryItem } from '../../../test/gallery-factory';
import { holdFetch } from '../../../test/held-fetch';
import { renderUi } from '../../../test/render-ui';
import { LightboxTags } from './lightbox-tags';

const sentTags = (request: { url: URL }, init: RequestInit | undefined) => {
  expect(request.url.pathname).toBe('/api/gallery/5/tags');
  return (JSON.parse(String(init?.body)) as { user_tags: string[] }).user_tags;
};

describe('lightbox tags', () => {
  it('sends a second change only once the first is saved, so a slow server cannot keep the older list', async () => {
    const user = userEvent.setup();
    const held = holdFetch();
    try {
      const item = makeGalleryItem({ id: 5 });
      const { rerenderUi } = renderUi(<LightboxTags item={item} />);
      const field = screen.getByLabelText('Add a tag');
      await user.type(field, 'night{Enter}');
      await waitFor(() => expect(held.requests()).toHaveLength(1));
      await user.type(field, 'fog{Enter}');
      const shown = () => within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
      expect(shown().map((tag) => tag.textContent)).toEqual(['night', 'fog']);
      // both changes made, the first still unanswered: the second waits rather than racing it
      expect(held.requests()).toHaveLength(1);
      expect(sentTags(held.requests()[0]!, held.spy.mock.calls[0]![1])).toEqual(['night']);

      held.requests()[0]!.answer(Response.json({ ...item, user_tags: ['night'] }));
      await waitFor(() => expect(held.requests()).toHaveLength(2));
      expect(sentTags(held.requests()[1]!, held.spy.mock.calls[1]![1])).toEqual(['night', 'fog']);
      held.requests()[1]!.answer(Response.json({ ...item, user_tags: ['night', 'fog'] }));
      rerenderUi(<LightboxTags item={{ ...item, user_tags: ['night', 'fog'] }} />);
      await waitFor(() => expect(screen.getByLabelText('Add a tag')).toHaveValue(''));
      expect(shown().map((tag) => tag.textContent)).toEqual(['night', 'fog']);
    } finally {
      held.spy.mockRestore();
    }
  });
});
