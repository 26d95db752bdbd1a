import { Breadcrumb } from '@chakra-ui/react';

/** Inside a folder: 'Gallery > folder'; the Gallery crumb goes back to the tiles. */
export function GalleryBreadcrumb({ folder, onLeave }: { folder: string; onLeave: (folder: string) => void }) {
  return (
    // focusable so focus has a place to land on entering the folder (the clicked tile is gone)
    <Breadcrumb.Root size="lg" tabIndex={-1} outline="none">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link
            as="button"
            cursor="pointer"
            whiteSpace="nowrap"
            onClick={(event) => {
              event.preventDefault();
              onLeave(folder);
            }}
          >
            Gallery
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item minW={0}>
          <Breadcrumb.CurrentLink fontWeight="semibold" overflowWrap="anywhere" dir="auto">
            {folder}
          </Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
