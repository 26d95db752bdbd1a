import { POLL_INTERVAL_MS, galleryItemSchema } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { logger } from '../../../lib/logger';
import { getSocket } from '../../../lib/socket';
import { sessionAtom } from '../../auth/atoms/session-atom';
import { addNewItem, addNewestItems } from '../api/gallery-cache';
import { galleryQueryKeys } from '../api/gallery-query-keys';

/**
 * While the gallery is open, `gallery:item-created` puts each new item on top of the loaded views
 * it matches, on the tab's one live connection (the live feature owns the connection; this only
 * listens on it). While that connection is down, the views on screen read their newest page every
 * 5 s instead.
 */
export function useGalleryLiveItems(): void {
  const queryClient = useQueryClient();
  const token = useAtomValue(sessionAtom)?.token ?? null;

  useEffect(() => {
    if (!token) return;
    const socket = getSocket(token);
    const onItem = (payload: unknown) => {
      const parsed = galleryItemSchema.safeParse(payload);
      if (parsed.success) addNewItem(queryClient, parsed.data);
      else logger.warn('ignored a malformed gallery:item-created event', parsed.error);
    };
    // After a lost connection, whatever was pushed meanwhile is read afresh.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.all });
      connectedBefore = true;
    };
    socket.on('gallery:item-created', onItem);
    socket.on('connect', onConnect);
    // A connection that stays down must not freeze the gallery (DESIGN section 1): it polls meanwhile.
    const poll = setInterval(() => {
      if (socket.connected) return;
      addNewestItems(queryClient).catch((error: unknown) => logger.warn('could not read the newest media', error));
    }, POLL_INTERVAL_MS);
    return () => {
      socket.off('gallery:item-created', onItem);
      socket.off('connect', onConnect);
      clearInterval(poll);
    };
  }, [token, queryClient]);
}
