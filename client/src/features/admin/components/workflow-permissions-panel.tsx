import { Badge, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { FormMessage } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useSetWorkflowAccess, useUserWorkflows } from '../api/user-workflows';
import { AdminListState } from './admin-list-state';

/** One toggle per workflow; the count says how many of all are granted (SPEC section 6). */
export function WorkflowPermissionsPanel({ userId }: { userId: number }) {
  const access = useUserWorkflows(userId);
  const setAccess = useSetWorkflowAccess(userId);
  const data = access.data;

  return (
    <Stack gap={3}>
      <AdminListState
        query={access}
        failedText={ADMIN_MESSAGES.fetchWorkflowsFailed}
        empty={data?.workflows.length === 0}
      >
        {data && (
          <>
            <Text fontWeight="medium">
              {data.granted} of {data.total} workflows granted
            </Text>
            {data.sees_all && (
              <Text textStyle="sm" color="fg.muted">
                This user currently sees every workflow: an admin role, or no grant yet.
              </Text>
            )}
            <Stack gap={1} role="list" aria-label="Workflow permissions">
              {data.workflows.map((workflow) => (
                <HStack key={workflow.id} role="listitem" justify="space-between" py={1} borderBottomWidth="1px">
                  <Switch.Root
                    checked={workflow.has_access}
                    disabled={setAccess.isPending}
                    onCheckedChange={(details) =>
                      setAccess.mutate({ workflowId: workflow.id, hasAccess: details.checked })
                    }
                    colorPalette="purple"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{workflow.name}</Switch.Label>
                  </Switch.Root>
                  <Badge variant="subtle">{workflow.workflow_type === 'slug' ? 'slug' : 'JSON'}</Badge>
                </HStack>
              ))}
            </Stack>
          </>
        )}
      </AdminListState>
      <FormMessage
        message={
          setAccess.isError
            ? { status: 'error', text: errorText(setAccess.error, ADMIN_MESSAGES.updatePermissionFailed) }
            : null
        }
      />
    </Stack>
  );
}
