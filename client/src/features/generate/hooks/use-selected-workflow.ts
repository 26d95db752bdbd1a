import { idSchema } from '@atelier/shared';
import { useSearchParams } from 'react-router-dom';

const PARAM = 'workflow';

/** The dashboard's chosen workflow, kept in the address (`/?workflow=12`) so a reload keeps it. */
export function useSelectedWorkflow(): [number | null, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = idSchema.safeParse(params.get(PARAM) ?? undefined);
  const select = (id: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PARAM, String(id));
        return next;
      },
      { replace: true },
    );
  return [parsed.success ? parsed.data : null, select];
}
