import { idSchema } from '@atelier/shared';
import { useParams } from 'react-router-dom';

/** The `:id` of a workflow route; null when it is not a valid id (then there is no such workflow). */
export function useRouteWorkflowId(): number | null {
  const parsed = idSchema.safeParse(useParams().id);
  return parsed.success ? parsed.data : null;
}
