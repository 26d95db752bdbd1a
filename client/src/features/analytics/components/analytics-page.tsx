import { useAtomValue } from 'jotai';
import { PageTitle } from '../../../components/page-title';
import { isAdminAtom } from '../../auth/atoms/session-atom';

/** Admins see the system view, everyone else their own (SPEC section 6). */
export function AnalyticsPage() {
  return <PageTitle title={useAtomValue(isAdminAtom) ? 'System Analytics' : 'My Analytics'} />;
}
