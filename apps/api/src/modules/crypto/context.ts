import { AppError } from '../../lib/app-error';
import type { Db } from '../../db/client';
import type { ChainGateway } from '../../chain/gateway';
import type { Purchase, Transaction } from '@app/shared/schemas/crypto';
import type { WalletChanged } from '@app/shared/socket-events';
import type { SALE_LEVELS } from '@app/shared/constants';
import type { StepUpProof } from '@app/shared/schemas/security';

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
  /** What a withdrawal asks before money leaves (decision 020). */
  withdrawals: {
    /** Throws unless the proof in the request holds (the password, a mailed code or the TOTP). */
    verifyStepUp(userId: number, proof: StepUpProof | undefined): Promise<void>;
    /** Hours a withdrawal to a new address waits unless its mailed link confirms it. */
    newAddressHours: number;
    /** Keys the mailed links that confirm a new address. */
    linkSecret: string;
  };
  /** Wakes the background workers after a change they should act on now rather than at the next poll. */
  wake(): void;
}

export const silentEvents: CryptoEvents = { purchase() {}, transaction() {}, wallet() {}, market() {} };

/** For contexts that never take a withdrawal request (replays, checks): every step-up is refused. */
export const withdrawalsClosed: CryptoContext['withdrawals'] = {
  verifyStepUp: () => Promise.reject(new AppError('STEP_UP_REQUIRED')),
  newAddressHours: 0,
  linkSecret: '',
};
