import type { GalleryItem } from '@atelier/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeGalleryItem } from '../../../test/gallery-factory';
import { holdFetch } from '../../../test/held-fetch';
import { renderUi } from '../../../test/render-ui';
import { Lightbox } from './lightbox';

const items: GalleryItem[] = [1, 2, 3].map((id) => makeGalleryItem({ id, job_name: 'Tide' }));

function OpenLightbox({ from }: { from: number }) {
  const [shown, setShown] = useState<number | null>(from);
  if (shown === null) return <p>closed</p>;
  return (
    <Lightbox
      items={items}
      currentId={shown}
      folders={[]}
      hasMore={false}
      onShow={setShown}
      onClose={() => setShown(null)}
      onNeedMore={() => undefined}
    />
  );
}

const showing = (id: number) => screen.findByRole('img', { name: `Tide, image ${id}` });

describe('lightbox', () => {
  it('does not go back to an image while its archive is on its way, and does once the server refuses it', async () => {
    const user = userEvent.setup();
    const held = holdFetch();
    try {
      renderUi(
        <MemoryRouter>
          <OpenLightbox from={2} />
        </MemoryRouter>,
      );
      await showing(2);
      await user.keyboard('{Delete}');
      await showing(3);
      await waitFor(() => expect(held.requests()).toHaveLength(1));
      expect(held.requests()[0]!.url.pathname).toBe('/api/gallery/2/archive');

      // the page still lists image 2 until the server answers; going back skips it
      await user.keyboard('{ArrowLeft}');
      await showing(1);
      expect(screen.getByText('Text to Image · 1 of 2')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');

      held.answer(Response.json({ message: 'Internal server error' }, { status: 500 }));
      await waitFor(() => expect(screen.getByText('Text to Image · 1 of 3')).toBeInTheDocument());
      await user.keyboard('{ArrowRight}');
      await showing(2);
    } finally {
      held.spy.mockRestore();
    }
  });
});
