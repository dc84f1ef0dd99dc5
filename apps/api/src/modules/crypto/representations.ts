import { NFT_LEVELS } from '@app/shared/constants';
import type { Nft, Purchase, Transaction } from '@app/shared/schemas/crypto';
import { FIRST_MINT_DELAY_HOURS } from '@app/shared/constants';
import type { cryptoTransactions, nfts, purchases } from '../../db/schema';
import { fromWei } from './amounts';

type TransactionRow = typeof cryptoTransactions.$inferSelect;
type NftRow = typeof nfts.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

export const levelName = (type: number) => NFT_LEVELS[type] as (typeof NFT_LEVELS)[number];
const LEVEL_TITLE = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum', ICON: 'Icon' } as const;
export const nftName = (id: number, type: number) => `EEE ${LEVEL_TITLE[levelName(type)]} #${id}`;

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    currency: row.currency,
    amount: fromWei(row.amount),
    counterparty: row.counterparty,
    txHash: row.txHash,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
    nftId: row.nftId,
    purchaseId: row.purchaseId,
    error: row.error,
    heldUntil: row.heldUntil?.toISOString() ?? null,
    ...(row.details?.promotion && { promotion: row.details.promotion }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toNft(row: NftRow, domains: Map<number, string | null>): Nft {
  const parent = (id: number | null) => (id === null ? null : { id, domain: domains.get(id) ?? null });
  return {
    id: row.id,
    type: row.type as Nft['type'],
    level: levelName(row.type),
    name: nftName(row.id, row.type),
    parent1: parent(row.parent1Id),
    parent2: parent(row.parent2Id),
    acquiredAt: row.acquiredAt?.toISOString() ?? null,
    mintAvailableAt: row.acquiredAt
      ? new Date(row.acquiredAt.getTime() + FIRST_MINT_DELAY_HOURS * 3600_000).toISOString()
      : null,
  };
}

export function toPurchase(row: PurchaseRow, transactions: TransactionRow[], queuePosition: number | null): Purchase {
  return {
    id: row.id,
    level: levelName(row.type) as Purchase['level'],
    price: fromWei(row.price),
    status: row.status,
    requestedNftId: row.requestedNftId,
    nftId: row.nftId,
    queuePosition,
    transactions: transactions.map(toTransaction),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
