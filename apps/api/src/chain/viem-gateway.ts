import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
  type Hex,
  type HDAccount,
  type LocalAccount,
  type PublicClient,
  BaseError,
  HttpRequestError,
  TimeoutError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  parseEventLogs,
} from 'viem';
import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey, hdKeyToAccount, privateKeyToAccount } from 'viem/accounts';
import { eeeMarketAbi } from '@app/contracts/generated/eee-market';
import { testUsdtAbi } from '@app/contracts/generated/test-usdt';
import type {
  ChainGateway,
  Receipt,
  RebroadcastOutcome,
  SendOptions,
  SignedTransaction,
  Signer,
  UsdtTransfer,
} from './gateway';
import { NATIVE_SCAN_MAX_BLOCKS, type ChainFinality, type NativeTransfer } from './gateway';

/** Blocks `nativeTransfers` asks for at once. */
const NATIVE_SCAN_PARALLEL = 5n;

/** The ERC-20 calls we make; TestUSDT's ABI is a superset of BSC USDT's for these. */
const erc20Abi = testUsdtAbi;
const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;
/** The market's ABI plus the token's errors, so a revert inside buy's transferFrom is decoded too. */
const marketCallAbi: Abi = [...eeeMarketAbi, ...erc20Abi.filter((item) => item.type === 'error')];

/** Blocks per eth_getLogs request: public BSC endpoints refuse wider ranges. */
export const DEFAULT_LOG_RANGE = 2_000n;
/** Receivers per eth_getLogs request (one topic list); nodes limit its length. */
const RECEIVERS_PER_REQUEST = 200;
/** Upper bounds of gas for what a custodial address sends; fee = gas price * limit. */
export const DEFAULT_TRANSFER_GAS_LIMIT = 100_000n;
export const DEFAULT_BUY_GAS_LIMIT = 300_000n;

export interface ViemGatewayOptions {
  rpcUrl: string;
  usdtAddress: Address;
  marketAddress: Address;
  /** 0x-prefixed 32-byte key of the treasury: owner of the market, payer of gas top-ups. */
  treasuryPrivateKey: Hex;
  /** BIP-39 phrase of the HD wallet whose account index = user id holds each user's deposits. */
  mnemonic: string;
  confirmations: number;
  explorerUrl?: string | null;
  /** When given, the node must report this chain id. */
  chainId?: number;
  /**
   * Retries of a failed RPC request (default 2). 0 for a local development chain: Hardhat answers a
   * revert with a "retryable" internal error, and retrying it only adds delay.
   */
  retryCount?: number;
  /** How often viem polls (receipts); default 1000 ms. */
  pollingIntervalMs?: number;
  logRange?: bigint;
  transferGasLimit?: bigint;
  buyGasLimit?: bigint;
  /**
   * Checks at start that both contracts exist, the market sells for this USDT and the treasury
   * owns the market (default true).
   */
  verify?: boolean;
  /** Runs after close() has let pending sends finish (startChain stops the dev chain here). */
  onClose?: () => Promise<void>;
  /** When deposits and withdrawals count (default `confirmations`); `finalized` needs a node that knows the tag. */
  finality?: ChainFinality;
}

/** The node refused a nonce as already used (not "already known": that one was taken). */
function isNonceTooLow(error: unknown): boolean {
  const text = error instanceof BaseError ? `${error.details} ${error.shortMessage}` : String(error);
  return /nonce too low|nonce has already been used/i.test(text) && !/already known/i.test(text);
}

/**
 * The node answered and said no: the transaction is not in its pool. A transport failure (no answer,
 * a timeout) is not a refusal: the node may have taken the transaction before the line went quiet.
 */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return !error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);
}

export class ChainConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainConfigError';
  }
}

type MarketWrite = ContractFunctionName<typeof eeeMarketAbi, 'nonpayable'>;
type UsdtWrite = ContractFunctionName<typeof erc20Abi, 'nonpayable'>;

/**
 * A ChainGateway over JSON-RPC with viem. Transactions are signed here (user accounts derived from
 * the mnemonic, the treasury from its key) and sent raw, one at a time per sender with nonces it
 * tracks itself, so concurrent sends never collide. Each send is estimated first: a call that would
 * revert throws viem's ContractFunctionExecutionError (with the contract's custom error) before
 * anything is sent. One process should own the signers: two processes sending from the same address
 * would race for nonces.
 */
export async function createViemGateway(options: ViemGatewayOptions): Promise<ChainGateway> {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { retryCount: options.retryCount ?? 2, timeout: 30_000 }),
    pollingInterval: options.pollingIntervalMs ?? 1000,
  });
  const chainId = await client.getChainId();
  if (options.chainId !== undefined && options.chainId !== chainId) {
    throw new ChainConfigError(`The node at the RPC URL is chain ${chainId}, expected ${options.chainId}`);
  }
  const usdtAddress = getAddress(options.usdtAddress);
  const marketAddress = getAddress(options.marketAddress);
  const treasury = privateKeyToAccount(options.treasuryPrivateKey);
  const logRange = options.logRange ?? DEFAULT_LOG_RANGE;
  const transferGasLimit = options.transferGasLimit ?? DEFAULT_TRANSFER_GAS_LIMIT;
  const buyGasLimit = options.buyGasLimit ?? DEFAULT_BUY_GAS_LIMIT;

  if (options.verify ?? true) {
    for (const [name, address] of [
      ['CHAIN_USDT_ADDRESS', usdtAddress],
      ['CHAIN_MARKET_ADDRESS', marketAddress],
    ] as const) {
      const code = await client.getCode({ address });
      if (!code || code === '0x') throw new ChainConfigError(`${name}: no contract at ${address} on chain ${chainId}`);
    }
    const [marketUsdt, owner] = await Promise.all([
      client.readContract({ address: marketAddress, abi: eeeMarketAbi, functionName: 'usdt' }),
      client.readContract({ address: marketAddress, abi: eeeMarketAbi, functionName: 'owner' }),
    ]).catch(() => {
      throw new ChainConfigError(`CHAIN_MARKET_ADDRESS: the contract at ${marketAddress} is not an EEE market`);
    });
    if (!isAddressEqual(marketUsdt, usdtAddress)) {
      throw new ChainConfigError(
        `CHAIN_MARKET_ADDRESS: the market sells for ${marketUsdt}, not CHAIN_USDT_ADDRESS ${usdtAddress}`,
      );
    }
    if (!isAddressEqual(owner, treasury.address)) {
      throw new ChainConfigError(
        `CHAIN_TREASURY_PRIVATE_KEY: its address ${treasury.address} does not own the market (${owner} does)`,
      );
    }
  }

  // ---------------------------------------------------------------- signers

  // The seed is derived once (PBKDF2 is slow by design); each user's account is cached after use.
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(options.mnemonic));
  const userAccounts = new Map<number, HDAccount>();
  const userAccount = (userId: number): HDAccount => {
    if (!Number.isSafeInteger(userId) || userId < 0 || userId >= 2 ** 31) {
      throw new RangeError(`Not a user id for a derivation path: ${userId}`);
    }
    let account = userAccounts.get(userId);
    if (!account) {
      account = hdKeyToAccount(root, { addressIndex: userId });
      userAccounts.set(userId, account);
    }
    return account;
  };
  const accountOf = (signer: Signer): LocalAccount =>
    signer.kind === 'treasury' ? treasury : userAccount(signer.userId);

  // ---------------------------------------------------------------- sending

  /** The tail of each sender's queue, and the next nonce it will use once known. */
  const queues = new Map<Address, Promise<unknown>>();
  const nextNonce = new Map<Address, number>();
  let closed = false;

  const enqueue = <T>(address: Address, task: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('The chain gateway is closed'));
    const previous = queues.get(address) ?? Promise.resolve();
    const run = previous.then(task);
    const tail = run.catch(() => undefined);
    queues.set(address, tail);
    void tail.then(() => {
      if (queues.get(address) === tail) queues.delete(address);
    });
    return run;
  };

  interface Outgoing {
    to: Address;
    data?: Hex;
    value?: bigint;
    /** The most gas this send may take (user senders: the advertised limits); else estimate + 25%. */
    gasLimit?: bigint;
    /** Runs the call against the latest state; throws (decoded) when it would revert. */
    estimate: (from: Address) => Promise<bigint>;
  }

  const send = (signer: Signer, outgoing: Outgoing, options: SendOptions = {}): Promise<Hash> => {
    const account = accountOf(signer);
    return enqueue(account.address, async () => {
      // In the queue, so the sender's previous transaction was sent before this one is checked.
      const estimate = await outgoing.estimate(account.address);
      let gas: bigint;
      if (outgoing.gasLimit !== undefined) {
        if (estimate > outgoing.gasLimit) {
          throw new Error(`The transaction needs ${estimate} gas, more than its limit ${outgoing.gasLimit}`);
        }
        gas = outgoing.gasLimit;
      } else {
        gas = (estimate * 125n) / 100n;
      }
      const gasPrice = await client.getGasPrice();
      for (let attempt = 1; ; attempt++) {
        const nonce =
          nextNonce.get(account.address) ??
          (await client.getTransactionCount({ address: account.address, blockTag: 'pending' }));
        try {
          const serializedTransaction = await account.signTransaction({
            type: 'legacy',
            chainId,
            nonce,
            to: outgoing.to,
            data: outgoing.data,
            value: outgoing.value ?? 0n,
            gas,
            gasPrice,
          });
          const signed = {
            hash: keccak256(serializedTransaction),
            from: account.address,
            nonce,
            raw: serializedTransaction,
          };
          await options.onSigned?.(signed);
          let hash: Hash;
          try {
            hash = await client.sendRawTransaction({ serializedTransaction });
          } catch (error) {
            if (isRefusal(error)) await options.onRefused?.(signed);
            throw error;
          }
          nextNonce.set(account.address, nonce + 1);
          return hash;
        } catch (error) {
          // The node may or may not have taken it: ask it for the nonce next time.
          nextNonce.delete(account.address);
          // Someone else sent from this address (another tool, a previous run): a nonce the node
          // refused outright was not used, so one retry with the node's count is safe.
          if (attempt === 1 && isNonceTooLow(error)) continue;
          throw error;
        }
      }
    });
  };

  const sendNative = (signer: Signer, to: Address, value: bigint, gasLimit?: bigint, options?: SendOptions) =>
    send(
      signer,
      {
        to: getAddress(to),
        value,
        gasLimit,
        estimate: (account) => client.estimateGas({ account, to, value }),
      },
      options,
    );

  /** A contract call; a revert throws viem's ContractFunctionExecutionError naming the custom error. */
  const writeContract = (
    signer: Signer,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    gasLimit?: bigint,
    options?: SendOptions,
  ) =>
    send(
      signer,
      {
        to: address,
        data: encodeFunctionData({ abi, functionName, args } as never),
        gasLimit,
        estimate: (account) => client.estimateContractGas({ account, address, abi, functionName, args } as never),
      },
      options,
    );

  const writeMarket = <F extends MarketWrite>(
    signer: Signer,
    functionName: F,
    args: ContractFunctionArgs<typeof eeeMarketAbi, 'nonpayable', F>,
    gasLimit?: bigint,
    options?: SendOptions,
  ) => writeContract(signer, marketAddress, marketCallAbi, functionName, args as readonly unknown[], gasLimit, options);

  const writeUsdt = <F extends UsdtWrite>(
    signer: Signer,
    functionName: F,
    args: ContractFunctionArgs<typeof erc20Abi, 'nonpayable', F>,
    gasLimit?: bigint,
    options?: SendOptions,
  ) => writeContract(signer, usdtAddress, erc20Abi, functionName, args as readonly unknown[], gasLimit, options);

  const minedNonce = (address: Address) => client.getTransactionCount({ address, blockTag: 'latest' });

  const rebroadcast = (signed: SignedTransaction): Promise<RebroadcastOutcome> =>
    // In the sender's queue, so a send of this process cannot take the nonce while it is checked.
    enqueue(getAddress(signed.from), async () => {
      if (await receipt(signed.hash)) return 'mined';
      if ((await minedNonce(signed.from)) > signed.nonce) {
        // Mined between the two reads, or its nonce went to another transaction.
        return (await receipt(signed.hash)) ? 'mined' : 'dropped';
      }
      try {
        await client.sendRawTransaction({ serializedTransaction: signed.raw });
      } catch (error) {
        if (!/already known|known transaction/i.test(String(error))) {
          if (isNonceTooLow(error)) return (await receipt(signed.hash)) ? 'mined' : 'dropped';
          throw error;
        }
      }
      return 'pending';
    });

  const userGasLimit = (signer: Signer, limit: bigint) => (signer.kind === 'user' ? limit : undefined);

  // ---------------------------------------------------------------- reading

  const usdtTransfers = async (
    fromBlock: bigint,
    toBlock: bigint,
    to?: readonly Address[],
  ): Promise<UsdtTransfer[]> => {
    if (fromBlock > toBlock || (to !== undefined && to.length === 0)) return [];
    const receiverGroups: (Address[] | undefined)[] = [];
    if (to === undefined) receiverGroups.push(undefined);
    else {
      const unique = [...new Set(to.map((address) => getAddress(address)))];
      for (let i = 0; i < unique.length; i += RECEIVERS_PER_REQUEST)
        receiverGroups.push(unique.slice(i, i + RECEIVERS_PER_REQUEST));
    }
    const transfers: UsdtTransfer[] = [];
    for (let start = fromBlock; start <= toBlock; start += logRange) {
      const end = start + logRange - 1n < toBlock ? start + logRange - 1n : toBlock;
      for (const receivers of receiverGroups) {
        const logs = await client.getLogs({
          address: usdtAddress,
          event: transferEvent,
          args: receivers ? { to: receivers } : undefined,
          fromBlock: start,
          toBlock: end,
          strict: true,
        });
        for (const log of logs) {
          transfers.push({
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            blockNumber: log.blockNumber,
            from: log.args.from,
            to: log.args.to,
            value: log.args.value,
          });
        }
      }
    }
    return transfers.sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
  };

  const receipt = async (hash: Hash): Promise<Receipt | null> => {
    try {
      const result = await client.getTransactionReceipt({ hash });
      return {
        status: result.status,
        blockNumber: result.blockNumber,
        gasUsed: result.gasUsed,
        effectiveGasPrice: result.effectiveGasPrice,
      };
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  };

  const createdTokenIds = async (hash: Hash): Promise<number[]> => {
    const result = await client.getTransactionReceipt({ hash });
    const logs = parseEventLogs({
      abi: eeeMarketAbi,
      eventName: ['Listed', 'Granted'],
      logs: result.logs.filter((log) => isAddressEqual(log.address, marketAddress)),
    });
    return logs.map((log) => Number(log.args.tokenId));
  };

  const gateway: ChainGateway = {
    chainId,
    usdtAddress,
    marketAddress,
    treasuryAddress: treasury.address,
    confirmations: options.confirmations,
    explorerUrl: options.explorerUrl ?? null,
    transferGasLimit,
    buyGasLimit,

    addressOf: (userId) => userAccount(userId).address,
    blockNumber: () => client.getBlockNumber({ cacheTime: 0 }),
    gasPrice: () => client.getGasPrice(),

    usdtTransfers,
    usdtBalance: (address) =>
      client.readContract({ address: usdtAddress, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    nativeBalance: (address) => client.getBalance({ address }),
    usdtAllowance: (owner) =>
      client.readContract({
        address: usdtAddress,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, marketAddress],
      }),

    sendNative: (from, to, value, options) =>
      sendNative(from, to, value, userGasLimit(from, transferGasLimit), options),
    transferUsdt: (from, to, value, options) =>
      writeUsdt(from, 'transfer', [getAddress(to), value], userGasLimit(from, transferGasLimit), options),
    approveMarket: (from, value, options) =>
      writeUsdt(from, 'approve', [marketAddress, value], userGasLimit(from, transferGasLimit), options),
    buyToken: (from, tokenId, options) =>
      writeMarket(from, 'buy', [BigInt(tokenId)], userGasLimit(from, buyGasLimit), options),
    supply: (level, count, options) =>
      writeMarket({ kind: 'treasury' }, 'supply', [level, BigInt(count)], undefined, options),
    mintChild: (level, parent1, parent2, options) =>
      writeMarket(
        { kind: 'treasury' },
        'mintChild',
        [level, getAddress(parent1), getAddress(parent2)],
        undefined,
        options,
      ),
    grant: (level, to, options) =>
      writeMarket({ kind: 'treasury' }, 'grant', [level, getAddress(to)], undefined, options),
    rebroadcast,
    minedNonce,

    receipt,
    createdTokenIds,
    ownerOf: (tokenId) =>
      client.readContract({
        address: marketAddress,
        abi: eeeMarketAbi,
        functionName: 'ownerOf',
        args: [BigInt(tokenId)],
      }),
    levelOf: async (tokenId) =>
      Number(
        await client.readContract({
          address: marketAddress,
          abi: eeeMarketAbi,
          functionName: 'levelOf',
          args: [BigInt(tokenId)],
        }),
      ),
    priceOf: (level) =>
      client.readContract({ address: marketAddress, abi: eeeMarketAbi, functionName: 'priceOf', args: [level] }),
    totalMinted: async () =>
      Number(await client.readContract({ address: marketAddress, abi: eeeMarketAbi, functionName: 'totalMinted' })),
    parentsOf: async (tokenId) =>
      [
        ...(await client.readContract({
          address: marketAddress,
          abi: eeeMarketAbi,
          functionName: 'parentsOf',
          args: [BigInt(tokenId)],
        })),
      ] as [Address, Address],

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...queues.values()]);
      await options.onClose?.();
    },

    // ---------------------------------------------------------------- native deposits
    async nativeTransfers(fromBlock, toBlock, to) {
      if (fromBlock > toBlock || to.length === 0) return [];
      if (toBlock - fromBlock + 1n > NATIVE_SCAN_MAX_BLOCKS) {
        throw new RangeError(
          `nativeTransfers reads at most ${NATIVE_SCAN_MAX_BLOCKS} blocks per call, not ${fromBlock}..${toBlock}`,
        );
      }
      const receivers = new Set(to.map((address) => address.toLowerCase()));
      const transfers: NativeTransfer[] = [];
      // A few blocks at a time: each answer carries every transaction of its block.
      for (let start = fromBlock; start <= toBlock; start += NATIVE_SCAN_PARALLEL) {
        const numbers: bigint[] = [];
        for (let n = start; n <= toBlock && n < start + NATIVE_SCAN_PARALLEL; n++) numbers.push(n);
        const blocks = await Promise.all(
          numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
        );
        for (const block of blocks) {
          for (const tx of block.transactions) {
            if (!tx.to || tx.value === 0n || !receivers.has(tx.to.toLowerCase())) continue;
            transfers.push({
              txHash: tx.hash,
              blockNumber: block.number,
              from: getAddress(tx.from),
              to: getAddress(tx.to),
              value: tx.value,
            });
          }
        }
      }
      return transfers;
    },

    // ---------------------------------------------------------------- finality
    finality: options.finality ?? 'confirmations',
    finalizedBlock: async () => (await client.getBlock({ blockTag: 'finalized' })).number,
  };
  return gateway;
}
