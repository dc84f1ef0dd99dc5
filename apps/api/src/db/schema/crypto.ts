import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  PURCHASE_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type PromotionPayment,
} from '@app/shared/schemas/crypto';
import { users } from './users';

/** Token amounts in the smallest unit (wei, 18 decimals): numeric(78,0) holds any uint256. */
const wei = (name: string) => numeric(name, { precision: 78, scale: 0 });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A user's custodial deposit address (BIP-44 index = user id). The row is also the lock every money
 * movement of that user takes (SELECT ... FOR UPDATE), so two requests never spend the same money.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallets_address_unique').on(sql`lower(${t.address})`)],
);

/**
 * SPEC.md's Transaction: one step that moves money or a token, usually on chain. Deposits and
 * rewards are unique on (tx hash, log index), so a watcher that reads a block twice credits once.
 */
export const cryptoTransactions = pgTable(
  'crypto_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    currency: text('currency', { enum: ['USDT', 'BNB'] })
      .notNull()
      .default('USDT'),
    amount: wei('amount').notNull(),
    counterparty: text('counterparty'),
    txHash: text('tx_hash'),
    logIndex: integer('log_index'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull().default(0),
    nftId: integer('nft_id'),
    purchaseId: integer('purchase_id'),
    idempotencyKey: text('idempotency_key'),
    /** A digest of the request that used the idempotency key, to refuse the key on another request. */
    requestHash: text('request_hash'),
    error: text('error'),
    /** A withdrawal to a new address is not sent before this time (unless its address is confirmed). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /**
     * What a payment inside the platform paid for, as `<kind>:<id>` (`promotion:12`): one history
     * row per thing paid, found again by its refund. Null for chain steps.
     */
    reference: text('reference'),
    /** The thing paid as the history names it (a promotion's company and days), kept as it was then. */
    details: jsonb('details').$type<{ promotion?: PromotionPayment }>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('crypto_tx_chain_event_unique')
      .on(t.txHash, t.logIndex)
      .where(sql`${t.logIndex} is not null`),
    uniqueIndex('crypto_tx_idempotency_unique')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('crypto_tx_reference_unique')
      .on(t.type, t.reference)
      .where(sql`${t.reference} is not null`),
    index('crypto_tx_user_idx').on(t.userId, t.id),
    index('crypto_tx_status_idx').on(t.type, t.status),
    index('crypto_tx_purchase_idx').on(t.purchaseId),
  ],
);

/** Accounts of the double-entry ledger. A user's balance is the sum of their rows. */
export const LEDGER_ACCOUNTS = [
  /** The user's free money: what they can spend or withdraw. */
  'available',
  /** Prepaid purchases (queued or being bought on chain). */
  'escrow',
  /** Withdrawals on their way out. */
  'withdrawing',
  /** The outside world: the chain's other addresses. */
  'external',
  /** The platform's revenue from sales. */
  'platform',
  /** The referral part of a minted token's price, owed until the referral programme pays it out. */
  'referral_pool',
  /** A person's referral rewards while they are held (not part of the wallet's balance yet). */
  'reward_pending',
  /**
   * The platform's revenue from a payment made inside the platform (a company's promotion): no
   * longer the person's, but its USDT still sits at their deposit address (reconciliation counts it there).
   */
  'platform_held',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * The append-only, double-entry ledger: every movement writes rows that sum to zero, in one
 * database transaction with the user's wallet row locked. Rows are never updated or deleted.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the platform-wide accounts (external, platform, referral_pool). */
    userId: integer('user_id').references(() => users.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    currency: text('currency', { enum: ['USDT'] })
      .notNull()
      .default('USDT'),
    amount: wei('amount').notNull(),
    transactionId: integer('transaction_id').references(() => cryptoTransactions.id),
    purchaseId: integer('purchase_id'),
    memo: text('memo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_user_account_idx').on(t.userId, t.account),
    index('ledger_transaction_idx').on(t.transactionId),
  ],
);

export const NFT_STATUSES = ['LISTED', 'RESERVED', 'OWNED'] as const;

/** A token of the EEE collection; the id is the on-chain token id. */
export const nfts = pgTable(
  'nfts',
  {
    id: integer('id').primaryKey(),
    type: smallint('type').notNull(),
    status: text('status', { enum: NFT_STATUSES }).notNull(),
    ownerId: integer('owner_id').references(() => users.id),
    parent1Id: integer('parent1_id').references(() => users.id),
    parent2Id: integer('parent2_id').references(() => users.id),
    /** The purchase holding this token while it is being bought on chain. */
    reservedFor: integer('reserved_for'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }),
    createdTxHash: text('created_tx_hash'),
    ...timestamps,
  },
  (t) => [
    // At most one token per level per user (SPEC.md section 3).
    uniqueIndex('nfts_owner_level_unique')
      .on(t.ownerId, t.type)
      .where(sql`${t.ownerId} is not null`),
    index('nfts_listed_idx').on(t.type, t.status, t.id),
  ],
);

/**
 * A purchase of one level: bought at once when in stock, or prepaid into escrow and queued (FIFO by
 * id) until a token of that level is listed. One open purchase per user and level.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    price: wei('price').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    requestedNftId: integer('requested_nft_id'),
    nftId: integer('nft_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** How many times the chain steps were tried; a technical failure is retried a few times. */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchases_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('purchases_open_unique')
      .on(t.userId, t.type)
      .where(sql`${t.status} in ('QUEUED', 'PROCESSING')`),
    index('purchases_queue_idx').on(t.type, t.status, t.id),
  ],
);

/** Where a chain reader stopped (the deposit watcher's last processed block). */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  chainId: integer('chain_id').notNull(),
  block: bigint('block', { mode: 'bigint' }).notNull(),
  /** Identifies one run of the development chain, which starts empty each time. */
  chainSession: text('chain_session'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
