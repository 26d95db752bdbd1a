import { Button, Flex, HStack, Input, InputGroup, Text, Wrap } from '@chakra-ui/react';
import { SEARCH_MAX_LENGTH, WORKFLOW_LIST_MAX_TAG_CHIPS } from '@atelier/shared';
import { SearchIcon, StarIcon } from '../../../components/icons';
import { useWorkflowCategories } from '../api/get-workflow-categories';
import { useWorkflowTags } from '../api/get-workflow-tags';
import type { useWorkflowListFilters } from '../hooks/use-workflow-list-filters';

type Filters = ReturnType<typeof useWorkflowListFilters>;

const ALL_CATEGORIES = 'All Categories';

/** Search, categories, Favorites Only, tag chips and Clear Filters (SPEC section 2, Workflow list). */
export function WorkflowFilters({ state }: { state: Filters }) {
  const { filters, activeCount } = state;
  const categories = useWorkflowCategories().data ?? [];
  const tags = (useWorkflowTags().data ?? []).slice(0, WORKFLOW_LIST_MAX_TAG_CHIPS);

  return (
    <Flex direction="column" gap={4} mb={6}>
      <Flex gap={3} wrap="wrap" align="center">
        <InputGroup flex="1" minW="min(100%, 16rem)" startElement={<SearchIcon />}>
          <Input
            type="search"
            aria-label="Search workflows"
            placeholder="Search workflows..."
            maxLength={SEARCH_MAX_LENGTH}
            bg="bg"
            value={filters.search}
            onChange={(event) => state.setSearch(event.target.value)}
          />
        </InputGroup>
        <Button
          variant={filters.favorites ? 'solid' : 'outline'}
          colorPalette={filters.favorites ? 'yellow' : 'gray'}
          bg={filters.favorites ? undefined : 'bg'}
          aria-pressed={filters.favorites}
          onClick={state.toggleFavorites}
        >
          <StarIcon filled={filters.favorites} />
          Favorites Only
        </Button>
        <Button variant="ghost" disabled={activeCount === 0} onClick={state.clear}>
          Clear Filters{activeCount > 0 ? ` (${activeCount})` : ''}
        </Button>
      </Flex>
      <Wrap gap={2} role="group" aria-label="Categories">
        {['', ...categories].map((category) => {
          const active = filters.category === category;
          return (
            <Button
              key={category || ALL_CATEGORIES}
              size="sm"
              rounded="full"
              variant={active ? 'solid' : 'outline'}
              colorPalette={active ? 'purple' : 'gray'}
              bg={active ? undefined : 'bg'}
              maxW="full"
              title={category || undefined}
              aria-pressed={active}
              onClick={() => state.setCategory(category)}
            >
              <Text as="span" truncate>
                {category || ALL_CATEGORIES}
              </Text>
            </Button>
          );
        })}
      </Wrap>
      {tags.length > 0 && (
        <HStack gap={2} align="center" flexWrap="wrap" role="group" aria-label="Tags">
          <Text textStyle="sm" color="fg.muted">
            Tags
          </Text>
          {tags.map((tag) => {
            const active = filters.tags.includes(tag);
            return (
              <Button
                key={tag}
                size="xs"
                rounded="full"
                variant={active ? 'solid' : 'subtle'}
                colorPalette={active ? 'purple' : 'gray'}
                maxW="full"
                title={tag}
                aria-pressed={active}
                onClick={() => state.toggleTag(tag)}
              >
                <Text as="span" truncate>
                  {tag}
                </Text>
              </Button>
            );
          })}
        </HStack>
      )}
    </Flex>
  );
}
