import type { Db } from '../../db/client';
import type { ChainGateway } from '../../chain/gateway';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import type { WalletChanged } from '@app/shared/socket-events';
import type { SALE_LEVELS } from '@app/shared/constants';

/** What the wallet and market services tell the realtime layer. */
export interface CryptoEvents {
  purchase(userId: number, purchase: Purchase): void;
  transaction(userId: number, transaction: Transaction): void;
  wallet(userId: number, change: WalletChanged): void;
  market(level: (typeof SALE_LEVELS)[number]): void;
}

export interface CryptoContext {
  db: Db;
  chain: ChainGateway;
  events: CryptoEvents;
  /** BNB's price, to show fees in USD. */
  bnbPriceUsd: number;
  /** Wakes the background workers after a change they should act on now rather than at the next poll. */
  wake(): void;
}

export const silentEvents: CryptoEvents = { purchase() {}, transaction() {}, wallet() {}, market() {} };
