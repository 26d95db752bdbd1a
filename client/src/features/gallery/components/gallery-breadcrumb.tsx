import { Breadcrumb } from '@chakra-ui/react';

/** Inside a folder: 'Gallery > folder'; the Gallery crumb goes back to the tiles. */
export function GalleryBreadcrumb({ folder, onLeave }: { folder: string; onLeave: () => void }) {
  return (
    <Breadcrumb.Root size="lg">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link
            as="button"
            cursor="pointer"
            onClick={(event) => {
              event.preventDefault();
              onLeave();
            }}
          >
            Gallery
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Breadcrumb.CurrentLink fontWeight="semibold">{folder}</Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
