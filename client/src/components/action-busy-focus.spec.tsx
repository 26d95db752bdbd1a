import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { QueueDashboardButton } from '../features/admin/components/queue-dashboard-button';
import { BulkActionBar } from '../features/gallery/components/bulk-action-bar';
import { renderParameterForm } from '../test/parameter-form-harness';
import { fieldsFromParams } from '../features/parameters/utils/parameter-fields';
import { makeGalleryFolder } from '../test/gallery-factory';
import { expectBusyKeepingFocus } from '../test/busy-focus';
import { holdFetch } from '../test/held-fetch';
import { renderUi } from '../test/render-ui';

/**
 * A button outside a dialog whose request runs for a while (the gallery's bulk actions, Upload
 * image, Queue dashboard) keeps the focus while busy: Chakra's `loading` disabled it and the
 * focus fell to the page, so the next Tab started from the top. A second press sends nothing.
 * jsdom leaves the focus on a disabled button, so "not disabled" stands here for the focus kept;
 * gallery-selection.e2e shows the focus itself in Chromium.
 */
describe('busy action buttons, from the keyboard', () => {
  let user: UserEvent;
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    user = userEvent.setup();
    fetchSpy = holdFetch().spy;
  });
  afterEach(() => fetchSpy.mockRestore());

  const staysFocusedWhileBusy = (button: HTMLElement) => expectBusyKeepingFocus(button, user, fetchSpy);

  const bar = (status: 'active' | 'archived') => (
    <BulkActionBar
      selection={[1, 2]}
      status={status}
      folders={[makeGalleryFolder({ id: 3, name: 'Best' })]}
      loadedCount={5}
      confirming={false}
      onConfirmingChange={() => {}}
      onSelectAll={() => {}}
      onClear={() => {}}
      onDone={() => {}}
    />
  );

  it('Gallery, bulk bar: Move to folder', async () => {
    renderUi(bar('active'));
    await user.selectOptions(screen.getByLabelText('Folder'), 'Best');
    const move = screen.getByRole('button', { name: 'Move to folder' });
    move.focus();
    await user.keyboard('{Enter}');
    await staysFocusedWhileBusy(move);
  });

  it('Gallery, bulk bar: Restore (archived view)', async () => {
    renderUi(bar('archived'));
    const restore = screen.getByRole('button', { name: 'Restore' });
    restore.focus();
    await user.keyboard('{Enter}');
    await staysFocusedWhileBusy(restore);
  });

  it('Gallery, bulk bar: Archive, once confirmed, gives the focus back to Archive, busy', async () => {
    function Bar() {
      const [confirming, setConfirming] = useState(false);
      return (
        <BulkActionBar
          selection={[1, 2]}
          status="active"
          folders={[]}
          loadedCount={5}
          confirming={confirming}
          onConfirmingChange={setConfirming}
          onSelectAll={() => {}}
          onClear={() => {}}
          onDone={() => {}}
        />
      );
    }
    renderUi(<Bar />);
    const archive = screen.getByRole('button', { name: 'Archive' });
    archive.focus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog');
    within(confirm).getByRole('button', { name: 'Archive' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(archive).toHaveFocus());
    await staysFocusedWhileBusy(archive);
    // Enter on the busy Archive asks nothing again
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Generate, an image parameter: Upload image', async () => {
    renderParameterForm(
      fieldsFromParams({ image: { type: 'asset', asset_type: 'image', display_name: 'Source' } }),
      [],
    );
    const upload = screen.getByRole('button', { name: 'Upload image' });
    upload.focus();
    // Enter opens the browser's file chooser; once a file is picked the focus is back on the button
    await user.keyboard('{Enter}');
    const file = new File([new Uint8Array(10)], 'harbour.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image file for Source'), { target: { files: [file] } });
    await staysFocusedWhileBusy(upload);
  });

  it('Admin: Queue dashboard', async () => {
    renderUi(<QueueDashboardButton />);
    const open = screen.getByRole('button', { name: 'Queue dashboard' });
    open.focus();
    await user.keyboard('{Enter}');
    await staysFocusedWhileBusy(open);
  });
});
