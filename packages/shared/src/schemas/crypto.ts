import { z } from 'zod';
import { NFT_LEVELS, NFT_TYPE, SALE_LEVELS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../constants';
import { MSG, withValues } from '../validation/messages';
import { addressWithCurrencySchema } from '../validation/rules';
import { stepUpProofSchema } from './security';

/**
 * The wallet and marketplace contract (SPEC.md sections 3, 4, 7). Amounts travel as decimal strings
 * in whole units ("100.5" USDT), never as floats: USDT on BSC has 18 decimals.
 */

// The lists live in constants (one definition for both); the contract re-exports them with their types.
export { TRANSACTION_STATUSES, TRANSACTION_TYPES };
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

// In constants, so a screen that formats amounts does not load zod with this module.
export { TOKEN_DECIMALS } from '../constants';
export const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,18})?$/;
/** Smallest withdrawal, in USDT: below it the gas costs more than the money moved. */
export const MIN_WITHDRAW_USDT = '1';

export const amountSchema = z.string().regex(AMOUNT_PATTERN);
export const levelSchema = z.enum(NFT_LEVELS);
export const saleLevelSchema = z.enum(SALE_LEVELS, { error: MSG.invalidValue });
export const nftTypeSchema = z.literal([NFT_TYPE.SILVER, NFT_TYPE.GOLD, NFT_TYPE.PLATINUM, NFT_TYPE.ICON]);

// --- GET /crypto, GET /crypto/fee -------------------------------------------------------------------

export const coinInfoSchema = z.object({
  symbol: z.enum(['USDT', 'BNB']),
  decimals: z.number().int(),
  /** Token contract; null for the chain's native coin. */
  contract: z.string().nullable(),
  priceUsd: amountSchema,
});
export const cryptoInfoSchema = z.object({
  blockchain: z.string(),
  network: z.string(),
  chainId: z.number().int(),
  symbol: z.string(),
  nftSymbol: z.string(),
  explorerUrl: z.string().nullable(),
  confirmations: z.number().int(),
  marketContract: z.string(),
  coins: z.array(coinInfoSchema),
  levels: z.array(z.object({ level: levelSchema, type: nftTypeSchema, price: amountSchema })),
});
export type CryptoInfo = z.infer<typeof cryptoInfoSchema>;

export const feeSchema = z.object({
  currency: z.literal('BNB'),
  /** What one USDT transfer costs in BNB at the current gas price. */
  fee: amountSchema,
  feeUsd: amountSchema,
  gasPriceWei: z.string(),
  gasLimit: z.number().int(),
});
export type Fee = z.infer<typeof feeSchema>;

// --- Tokens ---------------------------------------------------------------------------------------

export const userRefSchema = z.object({ id: z.number().int(), domain: z.string().nullable() });
export type UserRef = z.infer<typeof userRefSchema>;

export const nftSchema = z.object({
  id: z.number().int(),
  type: nftTypeSchema,
  level: levelSchema,
  name: z.string(),
  parent1: userRefSchema.nullable(),
  parent2: userRefSchema.nullable(),
  /** When the owner received it; null for a listed token. */
  acquiredAt: z.string().nullable(),
  /** The first moment this token may take part in a mint (24 h after it was acquired). */
  mintAvailableAt: z.string().nullable(),
});
export type Nft = z.infer<typeof nftSchema>;

export const listedNftSchema = nftSchema.extend({ price: amountSchema, listedAt: z.string() });
export type ListedNft = z.infer<typeof listedNftSchema>;

// --- Wallet -----------------------------------------------------------------------------------------

export const walletSchema = z.object({
  userId: z.number().int(),
  address: z.string(),
  blockchain: z.string(),
  network: z.string(),
  symbol: z.string(),
  /** Everything the user owns in USDT: free money, queued prepayments and withdrawals on their way. */
  balance: amountSchema,
  withdrawable: amountSchema,
  escrow: amountSchema,
  pendingWithdrawals: amountSchema,
  /** BNB on the deposit address, which pays the gas of a withdrawal. */
  nativeBalance: amountSchema,
  transferFee: amountSchema,
  coins: z.array(z.object({ symbol: z.enum(['USDT', 'BNB']), balance: amountSchema })),
  nfts: z.array(nftSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

// --- Transactions -------------------------------------------------------------------------------------

/** A company's promoted pin as its payment in the history names it: kept as it was when paid. */
export const promotionPaymentSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  days: z.number().int(),
});
export type PromotionPayment = z.infer<typeof promotionPaymentSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  currency: z.enum(['USDT', 'BNB']),
  amount: amountSchema,
  /** The other side: the sender of a deposit, the receiver of a withdrawal. */
  counterparty: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  nftId: z.number().int().nullable(),
  purchaseId: z.number().int().nullable(),
  error: z.string().nullable(),
  /** A withdrawal to a new address waits until then unless the mailed link confirms the address. */
  heldUntil: z.string().nullable(),
  /** What a PROMOTION paid for (absent on the other types). */
  promotion: promotionPaymentSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;
export const transactionListSchema = z.object({ items: z.array(transactionSchema), total: z.number().int() });
export type TransactionList = z.infer<typeof transactionListSchema>;

// --- Withdrawal ---------------------------------------------------------------------------------------

/** Requests that move money carry this header; the same key always gets the same answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z.string().min(8).max(100);

export const withdrawRequestSchema = z.intersection(
  addressWithCurrencySchema,
  z.object({
    amount: z
      .string({ error: MSG.required })
      .trim()
      .min(1, { error: MSG.required })
      .regex(AMOUNT_PATTERN, { error: MSG.invalidValue })
      .refine((v) => Number(v) >= Number(MIN_WITHDRAW_USDT), {
        error: withValues(MSG.minAmount, { n: MIN_WITHDRAW_USDT }),
      }),
    /** The password, a mailed code or the TOTP (decision 020): a bearer token alone moves no money. */
    stepUp: stepUpProofSchema.optional(),
  }),
);
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

// --- Market -------------------------------------------------------------------------------------------

export const marketLevelSchema = z.object({
  level: z.enum(SALE_LEVELS),
  type: nftTypeSchema,
  price: amountSchema,
  /** Listed tokens ready to be bought now. */
  stock: z.number().int(),
  queueLength: z.number().int(),
  /** The caller's place in this level's queue (1 = next), null when not queued or a guest. */
  myQueuePosition: z.number().int().nullable(),
  myPurchaseId: z.number().int().nullable(),
  /** The caller already holds a token of this level. */
  owned: z.boolean(),
  /** The caller's KYC allows buying this level. */
  kycAllowed: z.boolean(),
});
export type MarketLevel = z.infer<typeof marketLevelSchema>;
export const marketSchema = z.object({ levels: z.array(marketLevelSchema) });
export type Market = z.infer<typeof marketSchema>;

export const PURCHASE_STATUSES = ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const purchaseSchema = z.object({
  id: z.number().int(),
  level: z.enum(SALE_LEVELS),
  price: amountSchema,
  status: z.enum(PURCHASE_STATUSES),
  /** The token asked for by a ?nft= link, and the one finally delivered. */
  requestedNftId: z.number().int().nullable(),
  nftId: z.number().int().nullable(),
  queuePosition: z.number().int().nullable(),
  /** GASING, APPROVE and BUY_NFT in the order they run. */
  transactions: z.array(transactionSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const buyRequestSchema = z.object({
  level: saleLevelSchema,
  nftId: z.number().int().positive().optional(),
  agreeTerms: z.literal(true, { error: MSG.consentRequired }),
});
export type BuyRequest = z.infer<typeof buyRequestSchema>;

export const purchaseListSchema = z.object({ items: z.array(purchaseSchema) });

// --- Admin ----------------------------------------------------------------------------------------------

export const supplyRequestSchema = z.object({ level: saleLevelSchema, count: z.number().int().min(1).max(1000) });
export const grantIconRequestSchema = z.object({ userId: z.number().int().positive() });
