import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { AccessDenied } from '../../../components/access-denied';
import { isAdminAtom } from '../atoms/session-atom';

/** Wraps the admin routes: admins and super admins pass, everyone else is told why not. */
export function RequireAdmin({ description }: { description?: string }) {
  return useAtomValue(isAdminAtom) ? <Outlet /> : <AccessDenied description={description} />;
}
