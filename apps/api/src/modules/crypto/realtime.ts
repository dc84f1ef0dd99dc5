import { MARKET_ROOM } from '@app/shared/socket-events';
import type { Realtime } from '../../realtime/socket-server';
import type { CryptoEvents } from './context';
import { purchasePush, transactionPush } from './push-items';

/**
 * The wallet's and market's live side: what each change sends to its user's sockets (the update
 * and, for an outcome worth telling, a push item), and the market room sockets may watch.
 */
export function cryptoRealtime(realtime: Realtime): CryptoEvents {
  realtime.onSocket((socket) => {
    socket.on('market:watch', (on) => {
      void (on === true ? socket.join(MARKET_ROOM) : socket.leave(MARKET_ROOM));
    });
  });
  return {
    purchase: (userId, purchase) => {
      realtime.toUser(userId, 'purchase:update', purchase);
      const push = purchasePush(purchase);
      if (push) realtime.toUser(userId, 'notification', push);
    },
    transaction: (userId, transaction) => {
      realtime.toUser(userId, 'transaction:update', transaction);
      const push = transactionPush(transaction);
      if (push) realtime.toUser(userId, 'notification', push);
    },
    wallet: (userId, change) => realtime.toUser(userId, 'wallet:changed', change),
    market: (level) => realtime.toRoom(MARKET_ROOM, 'market:changed', level),
  };
}
