import { Badge, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { isAdminRole, type Role, type UserWorkflowsResponse } from '@atelier/shared';
import { FormMessage } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useSetWorkflowAccess, useUserWorkflows } from '../api/user-workflows';
import { AdminListState } from './admin-list-state';

/**
 * What the user sees (SPEC section 6): every workflow with an admin role or while no workflow is
 * granted; the count is of visible workflows, a hidden one being listed only while granted.
 */
function summarize(workflows: UserWorkflowsResponse, role: Role) {
  const visible = workflows.filter((w) => !w.is_hidden);
  return {
    granted: visible.filter((w) => w.has_access).length,
    total: visible.length,
    seesAll: isAdminRole(role) || !workflows.some((w) => w.has_access),
  };
}

/** One toggle per workflow; the count says how many of all are granted (SPEC section 6). */
export function WorkflowPermissionsPanel({ user }: { user: { id: number; role: Role } }) {
  const access = useUserWorkflows(user.id);
  const setAccess = useSetWorkflowAccess(user.id);
  const data = access.data;
  const summary = data && summarize(data, user.role);
  // The switch shows the change asked for while it is sent and the saved state again after: left at
  // the saved state throughout, a refused change left the switch's own checkbox flipped (it reads
  // the click, not this value), so assistive tech heard the wrong state and the next click sent nothing.
  const asked = setAccess.isPending ? setAccess.variables : undefined;
  const shownAccess = (workflow: { id: number; has_access: boolean }) =>
    asked?.workflowId === workflow.id ? asked.hasAccess : workflow.has_access;

  return (
    <Stack gap={3}>
      <AdminListState query={access} failedText={ADMIN_MESSAGES.fetchWorkflowsFailed} empty={data?.length === 0}>
        {data && summary && (
          <>
            <Text fontWeight="medium">
              {summary.granted} of {summary.total} workflows granted
            </Text>
            {summary.seesAll && (
              <Text textStyle="sm" color="fg.muted">
                This user currently sees every workflow: an admin role, or no grant yet.
              </Text>
            )}
            <Stack gap={1} role="list" aria-label="Workflow permissions">
              {data.map((workflow) => (
                <HStack key={workflow.id} role="listitem" justify="space-between" py={1} borderBottomWidth="1px">
                  <Switch.Root
                    checked={shownAccess(workflow)}
                    disabled={setAccess.isPending}
                    onCheckedChange={(details) =>
                      setAccess.mutate({ workflowId: workflow.id, hasAccess: details.checked })
                    }
                    colorPalette="purple"
                    minW={0}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label overflowWrap="anywhere">{workflow.name}</Switch.Label>
                  </Switch.Root>
                  <HStack gap={1} flexShrink={0}>
                    {workflow.is_hidden && (
                      <Badge variant="subtle" colorPalette="orange">
                        hidden
                      </Badge>
                    )}
                    <Badge variant="subtle">{workflow.workflow_type === 'slug' ? 'slug' : 'JSON'}</Badge>
                  </HStack>
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
