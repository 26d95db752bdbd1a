import { screen } from '@testing-library/react';
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
});
