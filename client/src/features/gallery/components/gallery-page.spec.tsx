import { GALLERY_PAGE_SIZE, type GalleryFolder, type GalleryItem } from '@atelier/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeGalleryFolder, makeGalleryItem } from '../../../test/gallery-factory';
import { makeJob } from '../../../test/job-factory';
import { jobQueryOptions } from '../../jobs/api/get-job';
import { renderApp, testUser } from '../../../test/render-app';
import { addNewItem } from '../api/gallery-cache';
import { galleryCountQueryOptions } from '../api/get-gallery-count';
import { foldersQueryOptions } from '../api/get-folders';
import { galleryItemsQueryOptions } from '../api/get-gallery-items';
import { toGalleryQuery, type GalleryFilterState } from '../hooks/use-gallery-params';
import { folderTileQuery } from '../utils/gallery-query';
import { NO_GALLERY_FILTERS } from '../../../test/gallery-filters';
import { holdFetch } from '../../../test/held-fetch';

/** The gallery at `path`, its view answered from the cache as the API would answer it. */
function renderGallery(
  path: string,
  filters: Partial<GalleryFilterState>,
  items: GalleryItem[],
  folders: GalleryFolder[] = [],
  nextCursor: string | null = null,
) {
  const rendered = renderApp(path, { user: testUser('user') });
  const query = toGalleryQuery({ ...NO_GALLERY_FILTERS, ...filters });
  act(() => {
    const { queryClient } = rendered;
    queryClient.setQueryData(galleryItemsQueryOptions(query).queryKey, {
      pages: [{ items, nextCursor }],
      pageParams: [null],
    });
    queryClient.setQueryData(galleryCountQueryOptions(query).queryKey, items.length);
    queryClient.setQueryData(foldersQueryOptions().queryKey, folders);
    queryClient.setQueryData(foldersQueryOptions(folderTileQuery(query)).queryKey, folders);
  });
  return rendered;
}

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => makeGalleryItem({ id: i + 1, job_name: `Shot ${i + 1}` }));
const viewButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^View ${name},`) });

// The whole app mounts in each test: allow for a busy machine beyond the default 5 s.
describe('gallery page', { timeout: 20_000 }, () => {
  it('shows the folder tiles, then the ungrouped media with their count', async () => {
    renderGallery('/gallery', {}, items(3), [makeGalleryFolder({ name: 'Best', image_count: 2, video_count: 1 })]);
    expect(await screen.findByRole('heading', { name: 'Ungrouped Images (3)' })).toBeInTheDocument();
    const tiles = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(tiles).getByRole('button', { name: /^Open folder Best / })).toHaveTextContent('2 images · 1 video');
    // cut to one line on the tile, the whole name shows on hover
    expect(within(tiles).getByRole('button', { name: /^Open folder Best / })).toHaveAttribute('title', 'Best');
    expect(screen.getAllByRole('listitem', { name: /^Shot/ })).toHaveLength(3);
    expect(screen.getByText('3 shown of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Folders' })).toBeInTheDocument();
  });

  it('hides the folder tiles under a job filter', async () => {
    renderGallery('/gallery/41', { jobId: 41 }, items(2), [makeGalleryFolder()]);
    expect(await screen.findAllByRole('listitem', { name: /^Shot/ })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Folders' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Ungrouped Images/ })).toBeNull();
  });

  it('hides the folder tiles under a job-name filter and lists it among the active filters', async () => {
    renderGallery('/gallery?job=Dunes', { jobName: 'Dunes' }, [], [makeGalleryFolder()]);
    expect(await screen.findByText('No images match current filters')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Folders' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent('Job: Dunes');
  });

  it('never shows more items than the total while new ones arrive ahead of the next count', async () => {
    const { queryClient } = renderGallery('/gallery', {}, items(3));
    act(() => {
      queryClient.setQueryData(galleryCountQueryOptions(toGalleryQuery(NO_GALLERY_FILTERS)).queryKey, 2);
    });
    expect(await screen.findByText('3 shown of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ungrouped Images (3)' })).toBeInTheDocument();
  });

  it('names the job in the active filters as the banner names it', async () => {
    const { queryClient } = renderGallery('/gallery/41?status=archived', { jobId: 41, status: 'archived' }, []);
    act(() => {
      queryClient.setQueryData(jobQueryOptions(41).queryKey, makeJob({ id: 41, job_name: 'Dunes at dawn' }));
    });
    expect(await screen.findByText('No images match current filters')).toBeInTheDocument();
    // the name is isolated in its own element (<bdi>), so the sentence is read off the title whole
    const banner = screen.getByText((own) => own.startsWith('Showing the media of job'));
    expect(banner).toHaveTextContent(/^Showing the media of job “Dunes at dawn” · Show all media$/);
    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(active).toHaveTextContent('Job: Dunes at dawn');
    expect(active).not.toHaveTextContent('#41');
  });

  it('selects with Ctrl-click, toggles with plain clicks while selecting, and clears with Escape', async () => {
    const user = userEvent.setup();
    renderGallery('/gallery', {}, items(4));
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: /^View Shot 2,/ }));
    await user.click(viewButton('Shot 4'));
    await user.keyboard('{/Control}');
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    expect(screen.getByRole('button', { name: 'Selected 2' })).toHaveTextContent('2');

    await user.click(viewButton('Shot 1'));
    expect(bar).toHaveTextContent('3 selected');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(viewButton('Shot 2'));
    expect(bar).toHaveTextContent('2 selected');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('selects every loaded item with Ctrl+A', async () => {
    const user = userEvent.setup();
    renderGallery('/gallery', {}, items(5));
    await screen.findByRole('heading', { name: 'Ungrouped Images (5)' });
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('5 selected');
  });

  it('opens the lightbox at the clicked item with nothing selected, and steps with the arrows', async () => {
    const user = userEvent.setup();
    renderGallery('/gallery', {}, items(3), [makeGalleryFolder({ name: 'Best', hotkey: '1' })]);
    await user.click(await screen.findByRole('button', { name: /^View Shot 2,/ }));
    const lightbox = await screen.findByRole('dialog', { name: 'Lightbox' });
    expect(within(lightbox).getByRole('img', { name: 'Shot 2, image 2' })).toBeInTheDocument();
    expect(within(lightbox).getByText(/2 of 3/)).toBeInTheDocument();
    expect(within(lightbox).getByRole('group', { name: 'Hotkeys' })).toHaveTextContent('Best');
    await user.keyboard('{ArrowRight}');
    expect(within(lightbox).getByRole('img', { name: 'Shot 3, image 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(lightbox).getByRole('img', { name: 'Shot 1, image 1' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Lightbox' })).toBeNull();
  });

  it('shows no key on a lightbox folder button whose hotkey the lightbox keeps (U removes from the folder there)', async () => {
    const user = userEvent.setup();
    const folders = [
      makeGalleryFolder({ id: 1, name: 'Best', hotkey: '1' }),
      makeGalleryFolder({ id: 2, name: 'Under', hotkey: 'u' }),
    ];
    renderGallery('/gallery', {}, items(2), folders);
    await user.click(await screen.findByRole('button', { name: /^View Shot 1,/ }));
    const panel = within(await screen.findByRole('dialog', { name: 'Lightbox' })).getByRole('group', {
      name: 'Hotkeys',
    });
    expect(within(panel).getByRole('button', { name: /^Move to\s*1 Best$/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Move to\s*Under$/ })).toBeInTheDocument();
  });

  it('keeps the tiles in place while the pointer is over them, and puts what arrived meanwhile on top after', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderGallery('/gallery', {}, items(3));
    const tileNames = () =>
      screen.getAllByRole('listitem', { name: /^Shot/ }).map((tile) => tile.getAttribute('aria-label'));
    await screen.findAllByRole('listitem', { name: /^Shot/ });
    const before = tileNames();
    await user.hover(screen.getByRole('button', { name: /^View Shot 2,/ }));
    await act(async () => {
      addNewItem(queryClient, makeGalleryItem({ id: 8, job_name: 'Shot 8' }));
      addNewItem(queryClient, makeGalleryItem({ id: 9, job_name: 'Shot 9' }));
      // the cache tells the page on a zero-delay timer: this one fires after it, the page drawn anew
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(tileNames()).toEqual(before);
    await user.unhover(screen.getByRole('list', { name: 'Media' }));
    await waitFor(() => expect(tileNames()).toHaveLength(5));
    expect(tileNames().slice(0, 2)).toEqual([expect.stringMatching(/^Shot 9/), expect.stringMatching(/^Shot 8/)]);
  });

  it("sends a move by a folder's hotkey once while it runs, the key held or pressed again, and again once it has answered", async () => {
    const user = userEvent.setup();
    const { spy, answer } = holdFetch();
    onTestFinished(() => void spy.mockRestore());
    const moves = () => spy.mock.calls.filter(([input]) => String(input).endsWith('/gallery/bulk-folder'));
    renderGallery('/gallery', {}, items(3), [makeGalleryFolder({ id: 1, name: 'Best', hotkey: 'k' })]);
    const bar = () => screen.queryByRole('region', { name: 'Bulk actions' });
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: /^View Shot 1,/ }));
    await user.keyboard('{/Control}');
    await user.keyboard('{k>5/}');
    await user.keyboard('k');
    expect(moves()).toHaveLength(1);
    // the bar's own button shows it busy, and sends nothing either
    expect(within(bar()!).getByText('Move to folder').closest('button')).toHaveAttribute('aria-busy', 'true');

    answer(Response.json({ updated: 1 }));
    await waitFor(() => expect(bar()).toBeNull());
    expect(screen.queryByRole('button', { name: /^View Shot 1,/ })).toBeNull();
    await user.keyboard('{Control>}');
    await user.click(viewButton('Shot 2'));
    await user.keyboard('{/Control}');
    await user.keyboard('k');
    expect(moves()).toHaveLength(2);
    expect(JSON.parse(String(moves()[1]![1]?.body))).toMatchObject({ ids: [2], folder_path: 'Best' });
  });

  it('changes one item per key press in the lightbox: Delete, a hotkey or Enter on Archive held goes on to no other item', async () => {
    const user = userEvent.setup();
    const { spy } = holdFetch();
    onTestFinished(() => void spy.mockRestore());
    const sent = (path: RegExp) => spy.mock.calls.map(([input]) => String(input)).filter((url) => path.test(url));
    renderGallery('/gallery', {}, items(20), [makeGalleryFolder({ id: 1, name: 'Best', hotkey: 'k' })]);
    await user.click(await screen.findByRole('button', { name: /^View Shot 1,/ }));
    const box = await screen.findByRole('dialog', { name: 'Lightbox' });
    const shown = (id: number) => within(box).findByRole('img', { name: `Shot ${id}, image ${id}` });

    await user.keyboard('{Delete>6/}');
    await shown(2);
    await user.keyboard('{k>6/}');
    await shown(3);
    within(box).getByRole('button', { name: 'Archive' }).focus();
    await user.keyboard('{Enter>6/}');
    await shown(4);
    expect(sent(/\/gallery\/\d+\/archive$/)).toEqual([
      expect.stringMatching(/\/gallery\/1\/archive$/),
      expect.stringMatching(/\/gallery\/3\/archive$/),
    ]);
    expect(sent(/\/gallery\/\d+\/folder$/)).toEqual([expect.stringMatching(/\/gallery\/2\/folder$/)]);
    // arrows are no change: held, they go on through the items
    await user.keyboard('{ArrowRight>3/}');
    await shown(7);
  });

  it('asks nothing on Delete pressed again while a bulk archive runs, and asks again once it has answered', async () => {
    const user = userEvent.setup();
    const { spy, answer } = holdFetch();
    onTestFinished(() => void spy.mockRestore());
    const archives = () => spy.mock.calls.filter(([input]) => String(input).endsWith('/gallery/bulk-archive'));
    renderGallery('/gallery', {}, items(3));
    await user.keyboard('{Control>}');
    await user.click(await screen.findByRole('button', { name: /^View Shot 1,/ }));
    await user.keyboard('{/Control}');
    await user.keyboard('{Delete}');
    const confirm = await screen.findByRole('alertdialog');
    within(confirm).getByRole('button', { name: 'Archive' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.keyboard('{Delete>3/}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(archives()).toHaveLength(1);

    answer(Response.json({ updated: 1 }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^View Shot 1,/ })).toBeNull());
    await user.keyboard('{Control>}');
    await user.click(viewButton('Shot 2'));
    await user.keyboard('{/Control}');
    await user.keyboard('{Delete}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Are you sure you want to archive 1 media?');
  });

  it('lists the active filters when nothing matches; Clear Filters keeps the folder', async () => {
    const user = userEvent.setup();
    const { router } = renderGallery(
      '/gallery?folder=Best&status=archived&search=fog',
      {
        folder: 'Best',
        status: 'archived',
        search: 'fog',
      },
      [],
      [makeGalleryFolder({ name: 'Best' })],
    );
    expect(await screen.findByText('No images match current filters')).toBeInTheDocument();
    const listed = screen.getByRole('list', { name: 'Active filters' });
    expect(listed).toHaveTextContent('Folder: Best');
    expect(listed).toHaveTextContent('Status: archived');
    expect(listed).toHaveTextContent('Search: “fog”');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(router.state.location.search).toBe('?folder=Best');
  });

  it('says a From after To is refused and asks for no such range; the field goes back when left', async () => {
    const user = userEvent.setup();
    const { router } = renderGallery('/gallery?to=2026-11-10', { dateTo: '2026-11-10' }, [makeGalleryItem()]);
    const from = screen.getByLabelText('From');
    await user.type(from, '2026-11-20');
    expect(from).toHaveValue('2026-11-20');
    expect(screen.getByText('From must not be after To')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?to=2026-11-10');
    await user.tab();
    expect(from).toHaveValue('');
    expect(screen.queryByText('From must not be after To')).not.toBeInTheDocument();
    await user.type(from, '2026-11-01');
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-10');
  });

  it('marks both dates of a range from the address that ends before it starts', async () => {
    renderGallery('/gallery?from=2026-11-11&to=2026-11-10', { dateFrom: '2026-11-11', dateTo: '2026-11-10' }, []);
    expect(await screen.findByText('From must not be after To')).toBeInTheDocument();
    expect(screen.getByText('To must not be before From')).toBeInTheDocument();
  });

  it("says 'This folder is empty' in an empty folder, with the Gallery crumb leading back", async () => {
    const user = userEvent.setup();
    const { router } = renderGallery(
      '/gallery?folder=Best',
      { folder: 'Best' },
      [],
      [makeGalleryFolder({ name: 'Best' })],
    );
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByText(/no longer exists/)).toBeNull();
    expect(screen.getByText(/bulk actions/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(router.state.location.search).toBe('');
  });

  it('says no images match, not that the folder is empty, when a job narrows the folder', async () => {
    renderGallery(
      '/gallery?folder=Best&job=Neon%20city',
      { folder: 'Best', jobName: 'Neon city' },
      [],
      [makeGalleryFolder({ name: 'Best' })],
    );
    expect(await screen.findByText('No images match current filters')).toBeInTheDocument();
    expect(screen.queryByText('This folder is empty')).toBeNull();
    const listed = screen.getByRole('list', { name: 'Active filters' });
    expect(listed).toHaveTextContent('Job: Neon city');
    expect(listed).toHaveTextContent('Folder: Best');
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
  });

  it('says a folder named in the address no longer exists, rather than that it is empty, with the way back', async () => {
    const user = userEvent.setup();
    const { router } = renderGallery(
      '/gallery?folder=Stones&search=fog',
      { folder: 'Stones', search: 'fog' },
      [],
      [makeGalleryFolder({ name: 'Pebbles' })],
    );
    expect(await screen.findByText('Folder "Stones" no longer exists')).toBeInTheDocument();
    expect(screen.getByText('It may have been renamed or deleted.')).toBeInTheDocument();
    expect(screen.queryByText('This folder is empty')).toBeNull();
    expect(screen.queryByText('No images match current filters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Go to Gallery' }));
    expect(router.state.location.search).toBe('?search=fog');
  });

  it('finds the folder named in the address in another letter case or typed with a combining accent', async () => {
    renderGallery('/gallery?folder=cafe%CC%81', { folder: 'cafe\u0301' }, [], [makeGalleryFolder({ name: 'Café' })]);
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByText(/no longer exists/)).toBeNull();
  });

  it('asks for a page of 100 by cursor', () => {
    const options = galleryItemsQueryOptions(toGalleryQuery(NO_GALLERY_FILTERS));
    expect(options.getNextPageParam({ items: [], nextCursor: 'abc' }, [], null, [])).toBe('abc');
    expect(options.getNextPageParam({ items: [], nextCursor: null }, [], null, [])).toBeUndefined();
    expect(GALLERY_PAGE_SIZE).toBe(100);
  });
});
