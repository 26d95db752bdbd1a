import { Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useWorkflows } from '../../workflows/api/get-workflows';

/** The caller's starred workflows; choosing one selects it. A failed load is only logged (SPEC section 8). */
export function FavoriteWorkflows({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { data, isPending, isError } = useWorkflows({ favorites: true });

  if (isPending) return <Spinner size="sm" color="purple.solid" />;
  // a failed read is only logged: the hint to star one reads as if none were starred
  if (isError && !data) return null;
  if (!data?.length) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Star a workflow in the{' '}
        <Link asChild colorPalette="purple" color="colorPalette.fg">
          <RouterLink to={paths.workflows.href()}>workflow list</RouterLink>
        </Link>{' '}
        to keep it here.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap={1} listStyleType="none">
      {data.map((workflow) => {
        const current = workflow.id === selectedId;
        return (
          <li key={workflow.id}>
            <Button
              variant={current ? 'subtle' : 'ghost'}
              colorPalette={current ? 'purple' : 'gray'}
              w="full"
              h="auto"
              py={2}
              justifyContent="flex-start"
              textAlign="left"
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(workflow.id)}
            >
              <Stack gap={0} minW={0}>
                <Text as="span" truncate title={workflow.name}>
                  {workflow.name}
                </Text>
                <Text as="span" textStyle="xs" color="fg.muted" fontWeight="normal" truncate title={workflow.category}>
                  {workflow.category}
                </Text>
              </Stack>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
