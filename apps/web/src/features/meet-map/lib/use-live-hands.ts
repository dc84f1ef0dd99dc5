import { useCallback, useEffect, useRef, useState } from 'react';
import { NEARBY_MAX_LIMIT, type HandCard, type WatchArea } from '@app/shared/schemas/meet';
import { useSocket } from '../../../lib/socket';
import { getNearby } from '../api/get-nearby';
import { applyHandEvent, handsFromSnapshot, type HandEvent, type Hands } from './hands-store';

/** A safety net under the live events: the list is fetched again this often. */
const RESYNC_INTERVAL_MS = 60_000;

export type LiveHandsStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * Hands around the viewer, live. Sends 'meet:watch' with the watched area (again on every
 * 'session:ready', i.e. each socket (re)connect, since a new connection forgets it), fetches the
 * list as a snapshot, and upserts/removes by 'hand:update' and 'hand:remove'. Stops watching with
 * null when the page closes or the area goes away.
 */
export function useLiveHands(area: WatchArea | null, selfId: number | null) {
  const socket = useSocket();
  const [hands, setHands] = useState<Hands>(() => new Map());
  // 'loading' until the first list arrives; later fetches keep showing the current one.
  const [status, setStatus] = useState<Exclude<LiveHandsStatus, 'idle'>>('loading');
  const [watching, setWatching] = useState(false);
  // Events heard while a snapshot is on its way, replayed on top of it.
  const replay = useRef<HandEvent[] | null>(null);
  const generation = useRef(0);

  const apply = useCallback(
    (event: HandEvent) => {
      if (event.type === 'update' && event.hand.userId === selfId) return;
      replay.current?.push(event);
      setHands((current) => applyHandEvent(current, event));
    },
    [selfId],
  );

  const refresh = useCallback(
    async (target: WatchArea) => {
      const mine = ++generation.current;
      replay.current = [];
      try {
        const { items } = await getNearby({
          lat: target.lat,
          lng: target.lng,
          radius: target.radius,
          limit: NEARBY_MAX_LIMIT,
        });
        if (mine !== generation.current) return;
        setHands(
          handsFromSnapshot(
            items.filter((hand) => hand.userId !== selfId),
            replay.current ?? [],
          ),
        );
        setStatus('ready');
      } catch {
        if (mine === generation.current) setStatus('error');
      } finally {
        if (mine === generation.current) replay.current = null;
      }
    },
    [selfId],
  );

  useEffect(() => {
    if (!socket) return;
    const onUpdate = (hand: HandCard) => apply({ type: 'update', hand });
    const onRemove = ({ userId }: { userId: number }) => apply({ type: 'remove', userId });
    const onDisconnect = () => setWatching(false);
    socket.on('hand:update', onUpdate);
    socket.on('hand:remove', onRemove);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('hand:update', onUpdate);
      socket.off('hand:remove', onRemove);
      socket.off('disconnect', onDisconnect);
    };
  }, [socket, apply]);

  // The list, for the area: now, after each reconnect (events were missed) and now and then.
  useEffect(() => {
    if (!area) return;
    void refresh(area);
    const timer = setInterval(() => void refresh(area), RESYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [area, refresh]);

  useEffect(() => {
    if (!socket || !area) return;
    const watch = () => socket.emit('meet:watch', area, (ok) => setWatching(ok === true));
    const onReady = () => {
      watch();
      void refresh(area);
    };
    if (socket.connected) watch();
    socket.on('session:ready', onReady);
    return () => {
      socket.off('session:ready', onReady);
    };
  }, [socket, area, refresh]);

  // Leaving the page (or losing the position) stops the events.
  const hasArea = area !== null;
  useEffect(() => {
    if (!socket || !hasArea) return;
    return () => {
      socket.emit('meet:watch', null);
      setWatching(false);
    };
  }, [socket, hasArea]);

  return { hands, status: (area ? status : 'idle') as LiveHandsStatus, watching, refresh: () => area && refresh(area) };
}
