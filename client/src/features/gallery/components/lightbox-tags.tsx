import { HStack, Input, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import {
  GALLERY_ITEM_MAX_TAGS,
  GALLERY_TAG_MESSAGES,
  TAG_MAX_LENGTH,
  characterCount,
  normalizeTags,
  type GalleryItem,
} from '@atelier/shared';
import { useState } from 'react';
import { errorText } from '../../../lib/api-error';
import { useSetItemTags } from '../api/update-items';

const SAVE_FAILED = 'Failed to save tags';

/** What is wrong with the tags after an addition, or null. */
function tagProblem(next: readonly string[]): string | null {
  if (next.some((tag) => characterCount(tag) > TAG_MAX_LENGTH)) return GALLERY_TAG_MESSAGES.tooLong;
  if (next.length > GALLERY_ITEM_MAX_TAGS) return GALLERY_TAG_MESSAGES.tooMany;
  return null;
}

/**
 * The lightbox's update action: the item's user tags, saved as they change (Enter adds, × removes).
 * A tag the server would refuse is kept in the field with the reason, never cleared unsaid.
 */
export function LightboxTags({ item }: { item: GalleryItem }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetItemTags(item.id);
  // the newest list asked for, while it or a save before it is on its way
  const tags = save.isPending ? save.variables.tags : item.user_tags;
  const commit = (next: string[], typed = '') =>
    save.mutate(
      { tags: next },
      {
        onError: (error) => {
          setProblem(errorText(error, SAVE_FAILED));
          if (typed) setDraft(typed);
        },
      },
    );

  return (
    <Stack gap={1} align="center">
      <HStack gap={2} wrap="wrap" justify="center">
        <Wrap gap={1.5} aria-label="Tags" role="list">
          {tags.map((tag) => (
            <Tag.Root key={tag} size="sm" variant="solid" colorPalette="purple" role="listitem">
              <Tag.Label dir="auto">{tag}</Tag.Label>
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
          borderColor={problem ? 'red.400' : 'whiteAlpha.300'}
          color="white"
          placeholder="Add a tag"
          aria-label="Add a tag"
          aria-invalid={problem !== null}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || draft.trim() === '') return;
            e.preventDefault();
            const next = normalizeTags([...tags, ...draft.split(',')]);
            const refused = tagProblem(next);
            if (refused) return setProblem(refused);
            commit(next, draft);
            setDraft('');
          }}
        />
      </HStack>
      {problem && (
        <Text role="alert" fontSize="xs" color="red.300">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
