import { baseWorkflowContentSchema, baseWorkflowFileSchema, type BaseWorkflowFile } from '@atelier/shared';
import { hashKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The base workflow files of the repository (DESIGN section 4); every change is one commit. */
const fileListSchema = z.array(baseWorkflowFileSchema);
const changeSchema = z.object({ name: z.string(), message: z.string() });
const readSchema = baseWorkflowContentSchema.extend({ override_keys: z.array(z.string()).default([]) });
export type BaseWorkflowChange = z.infer<typeof changeSchema>;

const file = (name: string) => `/base-workflows/${encodeURIComponent(name)}`;

export const baseWorkflowsQueryOptions = () =>
  queryOptions({
    queryKey: ['base-workflows', 'list'],
    queryFn: ({ signal }): Promise<BaseWorkflowFile[]> => apiRequest('/base-workflows', fileListSchema, { signal }),
  });

export const baseWorkflowQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['base-workflows', 'detail', name],
    queryFn: ({ signal }) => apiRequest(file(name), readSchema, { signal }),
  });

export const useBaseWorkflows = () => useQuery(baseWorkflowsQueryOptions());

/** `name` null asks nothing (a new file, or a slug that names no base workflow). */
export function useBaseWorkflow(name: string | null) {
  return useQuery({ ...baseWorkflowQueryOptions(name ?? ''), ...(name === null ? { enabled: false } : {}) });
}

export type SaveBaseWorkflow =
  | { mode: 'create'; name: string; content: string }
  | { mode: 'update'; filename: string; newName?: string; content: string; baseSha?: string };

export function saveBaseWorkflow(body: SaveBaseWorkflow): Promise<BaseWorkflowChange> {
  return body.mode === 'create'
    ? apiRequest('/base-workflows', changeSchema, { method: 'POST', body: { name: body.name, content: body.content } })
    : apiRequest(file(body.filename), changeSchema, {
        method: 'PUT',
        body: {
          content: body.content,
          ...(body.newName ? { newName: body.newName } : {}),
          ...(body.baseSha ? { baseSha: body.baseSha } : {}),
        },
      });
}

export function deleteBaseWorkflow(filename: string, confirmPassword: string): Promise<BaseWorkflowChange> {
  return apiRequest(file(filename), changeSchema, { method: 'DELETE', body: { confirmPassword } });
}

/**
 * A file change may add a workflow (wrapped files are synced), a missing slug or missing keys.
 * The file a rename left behind is not read again: it answers 404 now, and the editor still open
 * on it showed that error until it closed.
 */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return (gone: string | null = null) => {
    const goneHash = gone === null ? null : hashKey(baseWorkflowQueryOptions(gone).queryKey);
    return Promise.all(
      ['base-workflows', 'workflows', 'override-definitions'].map((key) =>
        queryClient.invalidateQueries({
          queryKey: [key],
          predicate: (query) => query.queryHash !== goneHash,
        }),
      ),
    );
  };
}

export function useSaveBaseWorkflow() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: saveBaseWorkflow,
    onSuccess: (_change, body) => invalidate(body.mode === 'update' && body.newName ? body.filename : null),
  });
}

export function useDeleteBaseWorkflow() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ filename, confirmPassword }: { filename: string; confirmPassword: string }) =>
      deleteBaseWorkflow(filename, confirmPassword),
    onSuccess: () => invalidate(),
  });
}
