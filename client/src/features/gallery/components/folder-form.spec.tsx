import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeGalleryFolder } from '../../../test/gallery-factory';
import { renderUi } from '../../../test/render-ui';
import { FolderForm } from './folder-form';

describe('folder form', () => {
  it('fills the first free hotkey with Auto, digits before letters', async () => {
    const user = userEvent.setup();
    const folders = [makeGalleryFolder({ id: 1, hotkey: '1' }), makeGalleryFolder({ id: 2, name: 'B', hotkey: '2' })];
    renderUi(<FolderForm folders={folders} editing={null} onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(screen.getByLabelText('Hotkey')).toHaveValue('3');
  });

  it("Auto on an edited folder may offer the folder's own key", async () => {
    const user = userEvent.setup();
    const editing = makeGalleryFolder({ id: 1, hotkey: '1' });
    renderUi(<FolderForm folders={[editing]} editing={editing} onDone={vi.fn()} />);
    await user.clear(screen.getByLabelText('Hotkey'));
    await user.click(screen.getByRole('button', { name: 'Auto' }));
    expect(screen.getByLabelText('Hotkey')).toHaveValue('1');
  });

  it('lower-cases a typed hotkey and shows the rule broken beside its field', async () => {
    const user = userEvent.setup();
    renderUi(<FolderForm folders={[makeGalleryFolder({ hotkey: 'k' })]} editing={null} onDone={vi.fn()} />);
    await user.type(screen.getByLabelText('Hotkey'), 'K');
    expect(screen.getByLabelText('Hotkey')).toHaveValue('k');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(screen.getByText('Folder name is required')).toBeInTheDocument();
    expect(screen.getByText('Hotkey K is already used by another folder')).toBeInTheDocument();
  });

  it('says where a hotkey the lightbox keeps (U) still works, and says nothing for another key', async () => {
    const user = userEvent.setup();
    renderUi(<FolderForm folders={[]} editing={null} onDone={vi.fn()} />);
    const hotkey = screen.getByLabelText('Hotkey');
    await user.type(hotkey, 'U');
    expect(hotkey).toHaveAccessibleDescription(
      'In the lightbox U removes an item from its folder, so there this folder is reached by its button; in the grid U moves the selected items here.',
    );
    await user.clear(hotkey);
    await user.type(hotkey, 'k');
    expect(hotkey).toHaveAccessibleDescription('');
    expect(screen.queryByText(/In the lightbox/)).not.toBeInTheDocument();
  });

  it('offers the 12 colours with #3B82F6 chosen first', async () => {
    const user = userEvent.setup();
    renderUi(<FolderForm folders={[]} editing={null} onDone={vi.fn()} />);
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(12);
    expect(screen.getByRole('radio', { checked: true })).toHaveAccessibleName('Blue');
    expect(screen.getByRole('radio', { checked: true })).toHaveAttribute('title', 'Blue (#3B82F6)');
    await user.click(screen.getByRole('radio', { name: 'Pink' }));
    expect(screen.getByRole('radio', { checked: true })).toHaveAccessibleName('Pink');
  });

  it('is one Tab stop, the chosen colour, and the arrow keys choose (wrapping round)', async () => {
    const user = userEvent.setup();
    renderUi(<FolderForm folders={[]} editing={null} onDone={vi.fn()} />);
    const tabbable = () => screen.getAllByRole('radio').filter((radio) => radio.tabIndex === 0);
    expect(tabbable()).toEqual([screen.getByRole('radio', { name: 'Blue' })]);

    screen.getByRole('radio', { name: 'Blue' }).focus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('radio', { checked: true });
    expect(second).not.toHaveAccessibleName('Blue');
    expect(second).toHaveFocus();
    expect(tabbable()).toEqual([second]);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const last = screen.getAllByRole('radio').at(-1);
    expect(last).toBeChecked();
    expect(last).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
  });
});
