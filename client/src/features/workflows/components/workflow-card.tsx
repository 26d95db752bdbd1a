import { Badge, Card, HStack, Heading, LinkBox, LinkOverlay, Text, Wrap } from '@chakra-ui/react';
import { WORKFLOW_CARD_MAX_TAGS, configurableParamCount, type Workflow } from '@atelier/shared';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCountOf } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { workflowHref } from '../utils/workflow-href';
import { FavoriteStar } from './favorite-star';

function parameterCountText(count: number): string {
  return formatCountOf(count, 'configurable parameter');
}

/** One workflow in the list (SPEC section 2): the whole card opens it, the star stays its own button. */
export function WorkflowCard({ workflow }: { workflow: Workflow }) {
  const titleId = useId();
  const shownTags = workflow.tags.slice(0, WORKFLOW_CARD_MAX_TAGS);
  const hiddenTags = workflow.tags.length - shownTags.length;

  return (
    <LinkBox asChild>
      <Card.Root
        as="article"
        aria-labelledby={titleId}
        size="sm"
        h="full"
        bg="bg"
        _hover={{ shadow: 'md' }}
        transition="shadow"
      >
        <Card.Body gap={3}>
          <HStack justify="space-between" align="center" gap={2}>
            <Badge colorPalette="purple" variant="subtle" maxW="80%" title={workflow.category}>
              <Text as="span" truncate>
                {workflow.category}
              </Text>
            </Badge>
            <HStack position="relative" zIndex={1} mr={-2} my={-2}>
              <FavoriteStar workflowId={workflow.id} isFavorite={workflow.is_favorite} />
            </HStack>
          </HStack>
          <Heading as="h2" size="md" id={titleId} lineClamp={2} title={workflow.name}>
            <LinkOverlay asChild>
              <RouterLink to={workflowHref(workflow)}>{workflow.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            {parameterCountText(configurableParamCount(workflow))}
          </Text>
          {workflow.tags.length > 0 && (
            <Wrap gap={1.5}>
              {shownTags.map((tag) => (
                <Badge key={tag} variant="outline" size="sm" maxW="full" title={tag}>
                  <Text as="span" truncate>
                    {tag}
                  </Text>
                </Badge>
              ))}
              {hiddenTags > 0 && (
                <Badge variant="plain" size="sm" color="fg.muted">
                  +{hiddenTags} more
                </Badge>
              )}
            </Wrap>
          )}
        </Card.Body>
        <Card.Footer pt={0}>
          <Text textStyle="xs" color="fg.muted">
            Updated {formatDate(workflow.updated_at)}
          </Text>
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
