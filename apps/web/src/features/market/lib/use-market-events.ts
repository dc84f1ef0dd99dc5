import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@app/shared/schemas/crypto';
import { useSocket, useSocketConnected } from '../../../lib/socket';
import { getMarketQueryOptions } from '../api/get-market';
import { getPurchaseQueryOptions } from '../api/get-purchase';
import { getPurchasesQueryOptions } from '../api/get-purchases';

/**
 * Live market: joins the room that hears 'market:changed' while the page is open (again after a
 * reconnect, which forgets rooms), refetches stock and queues when a level changes, and takes
 * each 'purchase:update' into the cache. Returns whether the socket is connected, so polling can
 * slow down while events arrive.
 */
export function useMarketEvents(): boolean {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('market:watch', true);
    const refreshMarket = () => queryClient.invalidateQueries({ queryKey: getMarketQueryOptions().queryKey });
    const onPurchase = (purchase: Purchase) => {
      queryClient.setQueryData(getPurchaseQueryOptions(purchase.id).queryKey, purchase);
      void queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions().queryKey });
      void refreshMarket();
    };
    const onReconnect = () => {
      watch();
      void refreshMarket();
      void queryClient.invalidateQueries({ queryKey: ['crypto', 'purchase'] });
      void queryClient.invalidateQueries({ queryKey: getPurchasesQueryOptions().queryKey });
    };
    watch();
    socket.on('connect', onReconnect);
    socket.on('market:changed', refreshMarket);
    socket.on('purchase:update', onPurchase);
    return () => {
      socket.emit('market:watch', false);
      socket.off('connect', onReconnect);
      socket.off('market:changed', refreshMarket);
      socket.off('purchase:update', onPurchase);
    };
  }, [socket, queryClient]);

  return useSocketConnected();
}
