import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { logger } from '../../../lib/logger';
import { disconnectSocket, getSocket, retryAfterRefusal } from '../../../lib/socket';
import {
  applyGalleryChanged,
  applyGalleryItemCreated,
  applyJobProgress,
  applyJobUpdated,
  applyQueueUpdated,
  applySessionChanged,
  refreshAfterReconnect,
  type SeenStatuses,
} from '../api/server-events';
import { liveConnectionAtom } from '../atoms/live-connection-atom';

/**
 * Keeps this tab's one Socket.IO connection open while signed in and pours its events into the
 * query cache. A new token (sign-in, another tab) means a new connection; none means none.
 */
export function useLiveUpdates(token: string | null): void {
  const queryClient = useQueryClient();
  const setConnection = useSetAtom(liveConnectionAtom);

  useEffect(() => {
    if (!token) return;
    const socket = getSocket(token);
    setConnection(socket.connected ? 'up' : 'connecting');
    const seen: SeenStatuses = new Map();
    let connectedBefore = false;
    let refusals = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const onConnect = () => {
      if (connectedBefore) refreshAfterReconnect(queryClient);
      connectedBefore = true;
      refusals = 0;
      setConnection('up');
    };
    // Socket.IO retries a lost connection (still active), not one the server dropped: the session
    // ended (user deleted, password changed: the session:changed just before has it read again;
    // token expired: the API client's next 401 signs out)
    const onDisconnect = () => setConnection(socket.active ? 'down' : 'off');
    const onConnectError = (error: Error) => {
      // still active: Socket.IO tries again by itself
      if (socket.active) return;
      const delay = retryAfterRefusal(error.message, refusals++);
      if (delay !== null) retry = setTimeout(() => socket.connect(), delay);
      else {
        logger.warn('live updates refused by the server', error.message);
        // refused ('unauthorized'): the session is read now, and its 401 ends the session at once
        applySessionChanged(queryClient);
      }
      setConnection(delay === null ? 'off' : connectedBefore ? 'down' : 'connecting');
    };

    socket.on('connect', onConnect);
    socket.on('connect_error', onConnectError);
    socket.on('disconnect', onDisconnect);
    socket.on('queue:updated', (status) => applyQueueUpdated(queryClient, status));
    socket.on('job:updated', (job) => applyJobUpdated(queryClient, job, seen));
    socket.on('job:progress', (progress) => applyJobProgress(queryClient, progress));
    socket.on('gallery:item-created', (item) => applyGalleryItemCreated(queryClient, item));
    socket.on('gallery:changed', (change) => applyGalleryChanged(queryClient, change));
    socket.on('session:changed', () => applySessionChanged(queryClient));

    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      disconnectSocket();
      setConnection('off');
    };
  }, [token, queryClient, setConnection]);
}
