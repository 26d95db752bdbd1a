import { Badge, Button, Code, Flex, HStack, Heading, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import type { Workflow } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { isAdminAtom } from '../../auth/atoms/session-atom';
import { FavoriteStar } from './favorite-star';

/** Back link, name with its favourite star, category and tags; for slug workflows the slug and, for admins, the editor link. */
export function WorkflowHeader({ workflow }: { workflow: Workflow }) {
  const isAdmin = useAtomValue(isAdminAtom);
  const isSlug = workflow.workflow_type === 'slug';

  return (
    <Stack gap={3} mb={6}>
      <title>{`${workflow.name} · Atelier`}</title>
      <Link asChild color="fg.muted" textStyle="sm" w="fit-content">
        <RouterLink to={paths.home.href()}>
          <ArrowLeftIcon />
          Back to Generate
        </RouterLink>
      </Link>
      <Flex justify="space-between" align="center" gap={3} wrap="wrap">
        <HStack gap={1} minW={0}>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word">
            {workflow.name}
          </Heading>
          <FavoriteStar workflowId={workflow.id} isFavorite={workflow.is_favorite} size="md" />
        </HStack>
        {isSlug && isAdmin && (
          <Button asChild variant="outline" size="sm" bg="bg">
            <RouterLink to={paths.adminSlugWorkflowEdit.href(workflow.id)}>Edit Configuration</RouterLink>
          </Button>
        )}
      </Flex>
      <Wrap gap={2} align="center">
        {/* a category holds up to 100 characters, a tag 50, unbroken: cut short on a phone, whole on hover */}
        <Badge colorPalette="purple" variant="subtle" maxW="full" title={workflow.category}>
          <Text as="span" truncate>
            {workflow.category}
          </Text>
        </Badge>
        {isSlug && workflow.workflow_slug && (
          <Text as="span" textStyle="sm" color="fg.muted">
            Slug <Code>{workflow.workflow_slug}</Code>
          </Text>
        )}
        {workflow.tags.map((tag) => (
          <Badge key={tag} variant="outline" maxW="full" title={tag}>
            <Text as="span" truncate>
              {tag}
            </Text>
          </Badge>
        ))}
      </Wrap>
    </Stack>
  );
}
