import type { ChainFinality } from '../lib/chain-finality';
import type { Address, Hash, Hex } from 'viem';

/**
 * Everything the services need from the chain, behind one interface. The implementation
 * (viem-gateway.ts) talks to any EVM node over JSON-RPC: the embedded development chain or BSC.
 * Amounts are bigint in the token's smallest unit (USDT and BNB both have 18 decimals on BSC).
 */

export type { ChainFinality };

/** Who signs a transaction: a user's custodial deposit address (BIP-44 index = user id) or the treasury. */
export type Signer = { kind: 'user'; userId: number } | { kind: 'treasury' };

export interface UsdtTransfer {
  txHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  from: Address;
  to: Address;
  value: bigint;
}

/** A mined transaction's outcome; null while it is still pending. */
export interface Receipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

/** A transaction signed and about to be broadcast: enough to send it again, or to know it was dropped. */
export interface SignedTransaction {
  hash: Hash;
  from: Address;
  nonce: number;
  raw: Hex;
}

export interface SendOptions {
  /**
   * Runs after signing and before broadcasting. Persist the transaction here: if it throws, nothing
   * is sent; once it returns, a crash at any later point can be resumed with `rebroadcast`.
   */
  onSigned?: (signed: SignedTransaction) => Promise<void>;
  /**
   * The node answered the broadcast with a refusal (insufficient funds, a used nonce...): the
   * transaction was not taken and never will be, so what `onSigned` saved can be undone here.
   * Not called when the answer is unknown (a timeout): then the transaction may still run.
   */
  onRefused?: (signed: SignedTransaction) => Promise<void>;
}

/** Where a journaled transaction stands after `rebroadcast`. */
export type RebroadcastOutcome = 'mined' | 'pending' | 'dropped';

export interface ChainInfo {
  chainId: number;
  usdtAddress: Address;
  marketAddress: Address;
  treasuryAddress: Address;
  /** Blocks on top of a deposit's block before it counts. */
  confirmations: number;
  /** The block explorer's base URL (https://bscscan.com), null for the development chain. */
  explorerUrl: string | null;
}

export interface ChainGateway extends ChainInfo {
  /** The custodial deposit address of a user, derived from the HD wallet (m/44'/60'/0'/0/{userId}). */
  addressOf(userId: number): Address;

  blockNumber(): Promise<bigint>;
  gasPrice(): Promise<bigint>;
  /** Gas a USDT transfer, approve or buy needs at most; fee = gas price * this. */
  readonly transferGasLimit: bigint;
  readonly buyGasLimit: bigint;

  /** Every USDT Transfer event in [fromBlock, toBlock] whose receiver is in `to` (all receivers when omitted). */
  usdtTransfers(fromBlock: bigint, toBlock: bigint, to?: readonly Address[]): Promise<UsdtTransfer[]>;
  usdtBalance(address: Address): Promise<bigint>;
  nativeBalance(address: Address): Promise<bigint>;
  usdtAllowance(owner: Address): Promise<bigint>;

  /** Sends BNB (gas money). */
  sendNative(from: Signer, to: Address, value: bigint, options?: SendOptions): Promise<Hash>;
  transferUsdt(from: Signer, to: Address, value: bigint, options?: SendOptions): Promise<Hash>;
  /** Lets the market contract take `value` USDT from the signer. */
  approveMarket(from: Signer, value: bigint, options?: SendOptions): Promise<Hash>;
  /** Buys listed token `tokenId` at its level's price; the contract pays the parents' shares. */
  buyToken(from: Signer, tokenId: number, options?: SendOptions): Promise<Hash>;
  /** Lists `count` new tokens of a level for sale without parents (the initial supply). Treasury only. */
  supply(level: number, count: number, options?: SendOptions): Promise<Hash>;
  /** Mints a token born of a meeting (parents = the two users' deposit addresses) and lists it. */
  mintChild(level: number, parent1: Address, parent2: Address, options?: SendOptions): Promise<Hash>;
  /** Gives a token to a user outside the market (ICON, granted by an admin). */
  grant(level: number, to: Address, options?: SendOptions): Promise<Hash>;
  /**
   * Resumes a transaction persisted by `onSigned`: mined (its receipt exists), pending (the node has
   * it, or has taken it again now), or dropped (its nonce went to another transaction: it never ran).
   */
  rebroadcast(signed: SignedTransaction): Promise<RebroadcastOutcome>;
  /** Transactions of an address the chain has mined (its next nonce). */
  minedNonce(address: Address): Promise<number>;

  receipt(hash: Hash): Promise<Receipt | null>;
  /** Token ids created (by supply, mintChild or grant) in a mined transaction, in order. */
  createdTokenIds(hash: Hash): Promise<number[]>;
  ownerOf(tokenId: number): Promise<Address>;
  levelOf(tokenId: number): Promise<number>;
  /** USDT price of a level as the contract sells it. */
  priceOf(level: number): Promise<bigint>;
  /** Tokens the contract ever created; their ids run from 1 to this number. */
  totalMinted(): Promise<number>;
  /** The two users' addresses a minted token was born of; zero addresses for the supply. */
  parentsOf(tokenId: number): Promise<[Address, Address]>;

  close(): Promise<void>;

  // ---------------------------------------------------------------- native deposits
  /**
   * Every transaction in [fromBlock, toBlock] that sends BNB (a value above zero) straight to one of
   * `to`, read from the blocks themselves (a value transfer has no log). At most
   * NATIVE_SCAN_MAX_BLOCKS blocks per call (a RangeError beyond): each block is one request with all
   * its transactions. BNB a contract passes on inside its execution (an internal transfer) is not seen.
   */
  nativeTransfers(fromBlock: bigint, toBlock: bigint, to: readonly Address[]): Promise<NativeTransfer[]>;

  // ---------------------------------------------------------------- finality
  /**
   * When a deposit or a withdrawal counts (CHAIN_FINALITY): `confirmations`, once `confirmations`
   * blocks stand on top of it, or `finalized`, once its block is at or below `finalizedBlock()`.
   */
  readonly finality: ChainFinality;
  /** The chain's `finalized` block tag: the newest block that can no longer be reorganised away. */
  finalizedBlock(): Promise<bigint>;
}

/** Blocks one `nativeTransfers` call reads at most. */
export const NATIVE_SCAN_MAX_BLOCKS = 100n;

/** A transaction that sent BNB to an address. To an externally owned address it cannot revert once mined. */
export interface NativeTransfer {
  txHash: Hash;
  blockNumber: bigint;
  from: Address;
  to: Address;
  value: bigint;
}
