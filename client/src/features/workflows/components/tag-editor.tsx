import { Button, Field, HStack, Input, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { QUICK_ADD_TAGS, normalizeTags } from '@atelier/shared';
import { useState } from 'react';

/** A workflow's tags: typed (commas separate several), or quick-added; duplicates and blanks never get in. */
export function TagEditor({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const taken = new Set(tags.map((tag) => tag.toLowerCase()));
  const quickTags = QUICK_ADD_TAGS.filter((tag) => !taken.has(tag));
  const add = (...more: string[]) => onChange(normalizeTags([...tags, ...more]));
  const addDraft = () => {
    add(...draft.split(','));
    setDraft('');
  };

  return (
    <Stack gap={3}>
      <Field.Root>
        <Field.Label>Tags</Field.Label>
        <HStack w="full" gap={2}>
          <Input
            flex={1}
            minW={0}
            placeholder="Add a tag"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addDraft();
            }}
          />
          <Button variant="outline" flexShrink={0} onClick={addDraft}>
            Add
          </Button>
        </HStack>
      </Field.Root>
      {tags.length > 0 ? (
        <Wrap gap={1.5} aria-label="Current tags">
          {tags.map((tag) => (
            <Tag.Root key={tag} size="lg" variant="subtle" colorPalette="purple">
              <Tag.Label>{tag}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((t) => t !== tag))}
                />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          No tags yet.
        </Text>
      )}
      {quickTags.length > 0 && (
        <Stack gap={1.5}>
          <Text textStyle="xs" color="fg.muted">
            Quick add
          </Text>
          <Wrap gap={1.5}>
            {quickTags.map((tag) => (
              <Button key={tag} size="xs" rounded="full" variant="outline" onClick={() => add(tag)}>
                + {tag}
              </Button>
            ))}
          </Wrap>
        </Stack>
      )}
    </Stack>
  );
}
