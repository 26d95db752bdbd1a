import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { dropDraftsUnlessOf } from '../../../lib/session-drafts';
import { disconnectSocket } from '../../../lib/socket';
import { forgetQueueDashboard } from '../../admin/api/queue-dashboard';
import { sessionAtom } from '../atoms/session-atom';

/** Ends the session here: storage, cached server data, the live connection and the dashboard's cookie all go. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  const navigate = useNavigate();

  return () => {
    setSession(null);
    dropDraftsUnlessOf(null);
    disconnectSocket();
    forgetQueueDashboard();
    queryClient.clear();
    void navigate(paths.home.href(), { replace: true });
  };
}
