import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { MOVED_TOAST_MS, type GalleryFolder, type GalleryItem } from '@atelier/shared';
import { useEffect, useMemo, useRef } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/icons';
import { toaster } from '../../../components/toaster';
import { logger } from '../../../lib/logger';
import { useArchiveItem, useMoveItem, usePendingItemIds, useSetArchived } from '../api/update-items';
import { useTouchGestures } from '../hooks/use-touch-gestures';
import { useZoomPan } from '../hooks/use-zoom-pan';
import { isTextField } from '../../../lib/text-field';
import { changesItem, isHeldActivation, isTypingTarget, lightboxKeyAction } from '../utils/key-actions';
import { sameFolderName } from '../utils/folder-names';
import { LightboxDetails } from './lightbox-details';
import { LightboxHotkeyPanel } from './lightbox-hotkey-panel';
import { LightboxStage } from './lightbox-stage';
import { LightboxTags } from './lightbox-tags';
import { formatCount } from '../../../lib/format';

interface LightboxProps {
  items: readonly GalleryItem[];
  currentId: number;
  folders: readonly GalleryFolder[];
  hasMore: boolean;
  onShow: (id: number) => void;
  onClose: () => void;
  onNeedMore: () => void;
}

/** Within this many items of the end of what is loaded, the lightbox asks for the next page. */
const PREFETCH_MARGIN = 5;

/**
 * SPEC sections 2 and 9, Lightbox: one medium at full size with next/previous, wheel zoom and
 * panning, archive, and moves by folder hotkey; after a move or an archive the next one shows.
 */
export function Lightbox({ items: listed, currentId, folders, hasMore, onShow, onClose, onNeedMore }: LightboxProps) {
  const items = useWithout(listed, usePendingItemIds(), currentId);
  const index = items.findIndex((item) => item.id === currentId);
  const item = items[index];
  const stageRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const lastIndex = useRef(0);
  if (index >= 0) lastIndex.current = index;
  const view = useZoomPan(stageRef, currentId);
  const gestures = useTouchGestures({
    zoom: view.zoom,
    setZoom: view.setZoom,
    onSwipe: (direction) => (direction === 'next' ? actions.next() : actions.previous()),
  });
  const archive = useArchiveItem();
  const restore = useSetArchived();
  const move = useMoveItem();

  // The item left the view without an action here (a removed tag no longer matches the search, or
  // another tab archived it): show the one that took its place, as after an archive.
  useEffect(() => {
    if (index !== -1) return;
    const next = items[lastIndex.current] ?? items[lastIndex.current - 1];
    if (next) onShow(next.id);
    else onClose();
  }, [index, items, onShow, onClose]);

  const nearEnd = index >= items.length - PREFETCH_MARGIN;
  useEffect(() => {
    if (nearEnd && hasMore) onNeedMore();
  }, [nearEnd, hasMore, onNeedMore]);

  // Where to go once this item is done with: the next one, else the one before, else nowhere.
  const advance = () => {
    const next = items[index + 1] ?? items[index - 1];
    if (next) onShow(next.id);
    else onClose();
  };

  const actions = {
    next: () => items[index + 1] && onShow(items[index + 1]!.id),
    previous: () => items[index - 1] && onShow(items[index - 1]!.id),
    archive: () => {
      if (!item || item.status === 'archived') return;
      advance();
      archive.mutate({ id: item.id }, { onError: (error) => logger.warn('archive failed', error) });
    },
    restore: () => {
      if (!item) return;
      advance();
      restore.mutate({ ids: [item.id], archived: false }, { onError: (error) => logger.warn('restore failed', error) });
    },
    moveTo: (folder: GalleryFolder | null) => {
      // where it is already (as the panel's disabled buttons say): nothing to do, nothing to report
      if (!item || sameFolderName(item.folder_path, folder?.name)) return;
      advance();
      move.mutate(
        { id: item.id, folder },
        {
          // the server's name for the folder: it may have been renamed since this page read it
          onSuccess: (moved) => {
            toaster.create({
              type: 'success',
              title: moved.folder_path ? `Moved to ${moved.folder_path}` : 'Removed from folder',
              duration: MOVED_TOAST_MS,
            });
          },
          onError: (error) => logger.warn('move failed', error),
        },
      );
    },
  };

  const keyHandler = useRef<(event: KeyboardEvent) => void>(undefined);
  keyHandler.current = (event: KeyboardEvent) => {
    // Typing a tag is not a shortcut (Escape leaves the field first), nor a key in the shortcut sheet over it.
    if (isTypingTarget(event.target, contentRef.current)) {
      // to the image, not blurred to the body: focus stays in the dialog and arrows pan from there
      if (isTextField(event.target) && event.key === 'Escape') stageRef.current?.focus();
      return;
    }
    const action = lightboxKeyAction(event, folders);
    if (!action) {
      // Enter held on Archive or a folder's button presses it again for each item shown after
      if (isHeldActivation(event)) event.preventDefault();
      return;
    }
    event.preventDefault();
    if (event.repeat && changesItem(action)) return;
    if (action.type === 'close') onClose();
    else if (action.type === 'next') actions.next();
    else if (action.type === 'previous') actions.previous();
    else if (action.type === 'archive') actions.archive();
    else if (action.type === 'reset-zoom') view.reset();
    else if (action.type === 'unfolder') actions.moveTo(null);
    else if (action.type === 'move') actions.moveTo(action.folder);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current?.(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!item) return null;

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      size="full"
      closeOnEscape={false}
      motionPreset="none"
      // Not the first button (Archive): Space or Enter, pressed by habit, would archive the image.
      initialFocusEl={() => stageRef.current}
      // the view gives the focus back itself (GalleryView): the tile this was opened from may be gone
      restoreFocus={false}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.900" />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef} bg="gray.950" color="white" rounded="none">
            <Flex direction="column" h="100dvh">
              <Flex px={{ base: 3, md: 5 }} pt={3} gap={3} align="center" justify="space-between" wrap="wrap">
                {/* a basis of its own: on a phone the buttons go to a second row rather than squeeze the title */}
                <Stack gap={0} minW={0} flex="1 1 8rem">
                  <Dialog.Title srOnly>Lightbox</Dialog.Title>
                  <Text
                    fontWeight="semibold"
                    fontSize={{ base: 'sm', md: 'md' }}
                    truncate
                    title={item.job_name}
                    dir="auto"
                  >
                    {item.job_name}
                  </Text>
                  <Text fontSize="xs" color="whiteAlpha.700" truncate title={item.workflow_name}>
                    {item.workflow_name} · {formatCount(index + 1)} of {formatCount(items.length)}
                    {hasMore ? '+' : ''}
                  </Text>
                </Stack>
                <HStack gap={2} minW={0} maxW="full" ms="auto">
                  {/* a folder name may hold 50 characters: cut short, it leaves room for the title and Close */}
                  <Badge
                    variant="outline"
                    colorPalette="gray"
                    color="white"
                    data-testid="lightbox-folder"
                    title={item.folder_path ?? undefined}
                    maxW={{ base: '9rem', md: '16rem' }}
                  >
                    <Text as="span" truncate>
                      {item.folder_path ? item.folder_path : 'Ungrouped'}
                    </Text>
                  </Badge>
                  {item.status === 'active' ? (
                    <Button size="xs" colorPalette="red" variant="subtle" onClick={actions.archive}>
                      Archive
                    </Button>
                  ) : (
                    <Button size="xs" colorPalette="green" variant="subtle" onClick={actions.restore}>
                      Restore
                    </Button>
                  )}
                  <Dialog.CloseTrigger asChild position="static">
                    <CloseButton size="sm" color="white" aria-label="Close lightbox" flexShrink={0} />
                  </Dialog.CloseTrigger>
                </HStack>
              </Flex>
              {/* a row of its own under the title: beside it, a phone would squeeze it into three lines */}
              <LightboxDetails item={item} />
              <Box position="relative" flex={1} minH={0} display="flex">
                <LightboxStage item={item} stageRef={stageRef} view={view} gestures={gestures} />
                <IconButton
                  aria-label="Previous"
                  position="absolute"
                  left={2}
                  top="50%"
                  transform="translateY(-50%)"
                  variant="subtle"
                  rounded="full"
                  // aria-disabled, not disabled: a disabled button drops the focus, and the next
                  // Tab would land on Archive, where a habitual Space archives the image
                  aria-disabled={index === 0}
                  onClick={actions.previous}
                >
                  <ArrowLeftIcon />
                </IconButton>
                <IconButton
                  aria-label="Next"
                  position="absolute"
                  right={2}
                  top="50%"
                  transform="translateY(-50%)"
                  variant="subtle"
                  rounded="full"
                  aria-disabled={index === items.length - 1}
                  onClick={actions.next}
                >
                  <ArrowRightIcon />
                </IconButton>
              </Box>
              <Stack px={{ base: 3, md: 5 }} py={3} gap={3}>
                <LightboxTags key={item.id} item={item} />
                <LightboxHotkeyPanel
                  folders={folders}
                  currentFolder={item.folder_path || null}
                  onMove={actions.moveTo}
                />
              </Stack>
            </Flex>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The list the lightbox goes through: without the items on their way out, but for the one shown. */
function useWithout(
  items: readonly GalleryItem[],
  leaving: ReadonlySet<number>,
  currentId: number,
): readonly GalleryItem[] {
  return useMemo(
    () => (leaving.size === 0 ? items : items.filter((item) => item.id === currentId || !leaving.has(item.id))),
    [items, leaving, currentId],
  );
}
