import { HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { normalizeTags, type GalleryItem } from '@atelier/shared';
import { useState } from 'react';
import { logger } from '../../../lib/logger';
import { useSetItemTags } from '../api/update-items';

/** The lightbox's update action: the item's user tags, saved as they change (Enter adds, × removes). */
export function LightboxTags({ item }: { item: GalleryItem }) {
  const [draft, setDraft] = useState('');
  const save = useSetItemTags();
  const tags = save.isPending && save.variables.id === item.id ? save.variables.tags : item.user_tags;
  const commit = (next: string[]) =>
    save.mutate({ id: item.id, tags: normalizeTags(next) }, { onError: (e) => logger.warn('saving tags failed', e) });

  return (
    <HStack gap={2} wrap="wrap" justify="center">
      <Wrap gap={1.5} aria-label="Tags" role="list">
        {tags.map((tag) => (
          <Tag.Root key={tag} size="sm" variant="solid" colorPalette="purple" role="listitem">
            <Tag.Label>{tag}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Remove tag ${tag}`}
                onClick={() => commit(tags.filter((t) => t !== tag))}
              />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
      <Input
        size="xs"
        w="9rem"
        bg="whiteAlpha.100"
        borderColor="whiteAlpha.300"
        color="white"
        placeholder="Add a tag"
        aria-label="Add a tag"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || draft.trim() === '') return;
          e.preventDefault();
          commit([...tags, ...draft.split(',')]);
          setDraft('');
        }}
      />
    </HStack>
  );
}
