import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeGalleryFolder } from '../../../test/gallery-factory';
import { renderUi } from '../../../test/render-ui';
import { FolderList } from './folder-list';

describe('folder manager list', () => {
  it('counts each folder’s media as the tiles do, one item or many, with thousands separators', () => {
    renderUi(
      <FolderList
        folders={[
          makeGalleryFolder({ id: 1, name: 'Single', image_count: 1, video_count: 0 }),
          makeGalleryFolder({ id: 2, name: 'Mixed', image_count: 1200, video_count: 34 }),
        ]}
        onEdit={() => undefined}
      />,
    );
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('1,234 items')).toBeInTheDocument();
  });

  it('counts the archived media a delete unfolders too: a folder holding only archived media is not called empty', async () => {
    const user = userEvent.setup();
    renderUi(
      <FolderList
        folders={[
          makeGalleryFolder({ id: 1, name: 'Kept', image_count: 0, video_count: 0 }),
          makeGalleryFolder({ id: 2, name: 'Both', image_count: 3, video_count: 0 }),
          makeGalleryFolder({ id: 3, name: 'Bare', image_count: 0, video_count: 0 }),
        ]}
        archived={[
          makeGalleryFolder({ id: 1, name: 'Kept', image_count: 1, video_count: 1 }),
          makeGalleryFolder({ id: 2, name: 'Both', image_count: 1, video_count: 0 }),
          makeGalleryFolder({ id: 3, name: 'Bare', image_count: 0, video_count: 0 }),
        ]}
        onEdit={() => undefined}
      />,
    );
    const ask = async (name: string) => {
      await user.click(within(screen.getByRole('listitem', { name })).getByRole('button', { name: 'Delete' }));
      const text = (await screen.findByRole('alertdialog')).textContent;
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      return text;
    };
    expect(await ask('Kept')).toContain('Delete Kept? Its 2 archived items will be unfoldered (kept, ungrouped).');
    expect(await ask('Both')).toContain(
      'Delete Both? Its 3 items and 1 archived item will be unfoldered (kept, ungrouped).',
    );
    expect(await ask('Bare')).toContain('Delete Bare? It is empty.');
  });

  it('gives on hover the whole of a folder name cut to one line', () => {
    const name = 'Spring campaign final selects for client review 26';
    renderUi(<FolderList folders={[makeGalleryFolder({ id: 1, name })]} onEdit={() => undefined} />);
    const row = screen.getByRole('listitem', { name });
    expect(within(row).getByTitle(name)).toHaveTextContent(name);
  });
});
