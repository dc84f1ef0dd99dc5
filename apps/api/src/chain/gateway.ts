import type { Address, Hash } from 'viem';

/**
 * Everything the services need from the chain, behind one interface. The implementation
 * (viem-gateway.ts) talks to any EVM node over JSON-RPC: the embedded development chain or BSC.
 * Amounts are bigint in the token's smallest unit (USDT and BNB both have 18 decimals on BSC).
 */

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
  sendNative(from: Signer, to: Address, value: bigint): Promise<Hash>;
  transferUsdt(from: Signer, to: Address, value: bigint): Promise<Hash>;
  /** Lets the market contract take `value` USDT from the signer. */
  approveMarket(from: Signer, value: bigint): Promise<Hash>;
  /** Buys listed token `tokenId` at its level's price; the contract pays the parents' shares. */
  buyToken(from: Signer, tokenId: number): Promise<Hash>;
  /** Lists `count` new tokens of a level for sale without parents (the initial supply). Treasury only. */
  supply(level: number, count: number): Promise<Hash>;
  /** Mints a token born of a meeting (parents = the two users' deposit addresses) and lists it. */
  mintChild(level: number, parent1: Address, parent2: Address): Promise<Hash>;
  /** Gives a token to a user outside the market (ICON, granted by an admin). */
  grant(level: number, to: Address): Promise<Hash>;

  receipt(hash: Hash): Promise<Receipt | null>;
  /** Token ids created (by supply, mintChild or grant) in a mined transaction, in order. */
  createdTokenIds(hash: Hash): Promise<number[]>;
  ownerOf(tokenId: number): Promise<Address>;
  levelOf(tokenId: number): Promise<number>;
  /** USDT price of a level as the contract sells it. */
  priceOf(level: number): Promise<bigint>;

  close(): Promise<void>;
}
