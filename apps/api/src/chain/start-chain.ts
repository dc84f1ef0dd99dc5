import fs from 'node:fs';
import path from 'node:path';
import {
  type Address,
  type Hash,
  type Hex,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  numberToHex,
  parseEther,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { deployContracts } from '@app/contracts/deploy';
import { testUsdtAbi } from '@app/contracts/generated/test-usdt';
import type { Config } from '../config';
import { loadDevSecrets } from '../lib/secrets';
import { type ChainLogger, type DevChain, DEV_CHAIN_ID, startDevChain } from './dev-chain';
import type { ChainGateway } from './gateway';
import { ChainConfigError, createViemGateway } from './viem-gateway';

/** BNB and test USDT the treasury gets on a fresh development chain. */
export const DEV_TREASURY_BNB = parseEther('1000000');
export const DEV_TREASURY_USDT = parseEther('10000000');

export type ChainConfig = Pick<
  Config,
  | 'APP_ENV'
  | 'DATA_DIR'
  | 'CHAIN_RPC_URL'
  | 'CHAIN_USDT_ADDRESS'
  | 'CHAIN_MARKET_ADDRESS'
  | 'CHAIN_TREASURY_PRIVATE_KEY'
  | 'CHAIN_MNEMONIC'
  | 'CHAIN_CONFIRMATIONS'
  | 'CHAIN_FINALITY'
  | 'CHAIN_EXPLORER_URL'
  | 'CHAIN_DEV_PORT'
  | 'CHAIN_DEV_BLOCK_INTERVAL_MS'
>;

/** What DATA_DIR/chain.json records about the chain in use. */
export interface ChainFile {
  chainId: number;
  usdtAddress: Address;
  marketAddress: Address;
  treasuryAddress: Address;
  /** True for the embedded development chain. */
  dev: boolean;
  startedAt: string;
}

/** Powers only a development chain has: money out of thin air, and time. */
export interface DevFaucet {
  /** Mints test USDT to `to` with a real Transfer event (to the watcher, a deposit from outside). */
  mintUsdt(to: Address, amount: bigint): Promise<Hash>;
  /** Sets the BNB balance of `to` (no transaction). */
  setNative(to: Address, amount: bigint): Promise<void>;
  /** Mines `blocks` blocks at once. */
  mine(blocks: number): Promise<void>;
}

export interface StartedChain {
  /** Closing it also stops the development chain. */
  gateway: ChainGateway;
  /**
   * True when the chain was created empty just now (the development chain keeps nothing across
   * restarts): the caller replays its database state (stock, holdings) onto it.
   */
  fresh: boolean;
  devChain: DevChain | null;
  faucet: DevFaucet | null;
  info: ChainFile;
}

export interface ProvisionedDevChain {
  usdtAddress: Address;
  marketAddress: Address;
  treasuryAddress: Address;
  faucet: DevFaucet;
}

export function devChainDefinition(rpcUrl: string) {
  return defineChain({
    id: DEV_CHAIN_ID,
    name: 'Development chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * Deploys TestUSDT and EEEMarket from the treasury onto a fresh development chain and funds the
 * treasury with BNB and test USDT. TestUSDT is minted by a throwaway faucet account, so minting
 * never takes a nonce the gateway's treasury queue counts on.
 */
export async function provisionDevChain(
  devChain: DevChain,
  options: { treasuryPrivateKey: Hex; treasuryBnb?: bigint; treasuryUsdt?: bigint },
): Promise<ProvisionedDevChain> {
  const chain = devChainDefinition(devChain.rpcUrl);
  const transport = http(devChain.rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const treasury = privateKeyToAccount(options.treasuryPrivateKey);
  const faucet = privateKeyToAccount(generatePrivateKey());

  const setNative = async (to: Address, amount: bigint) => {
    await devChain.rpc('hardhat_setBalance', [to, numberToHex(amount)]);
  };
  await setNative(treasury.address, options.treasuryBnb ?? DEV_TREASURY_BNB);
  await setNative(faucet.address, parseEther('1000'));

  const { usdtAddress, marketAddress } = await deployContracts({
    walletClient: createWalletClient({ account: treasury, chain, transport }),
    publicClient,
    treasury: treasury.address,
    testUsdtOwner: faucet.address,
    pollingIntervalMs: 50,
  });

  const faucetClient = createWalletClient({ account: faucet, chain, transport });
  let faucetQueue: Promise<unknown> = Promise.resolve();
  const mintUsdt = (to: Address, amount: bigint): Promise<Hash> => {
    const run = faucetQueue.then(async () => {
      const hash = await faucetClient.writeContract({
        address: usdtAddress,
        abi: testUsdtAbi,
        functionName: 'mint',
        args: [to, amount],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      if (receipt.status !== 'success') throw new Error(`Minting test USDT failed (${hash})`);
      return hash;
    });
    faucetQueue = run.catch(() => undefined);
    return run;
  };
  await mintUsdt(treasury.address, options.treasuryUsdt ?? DEV_TREASURY_USDT);

  return {
    usdtAddress,
    marketAddress,
    treasuryAddress: treasury.address,
    faucet: {
      mintUsdt,
      setNative,
      mine: async (blocks) => {
        if (blocks > 0) await devChain.rpc('hardhat_mine', [numberToHex(blocks)]);
      },
    },
  };
}

function writeChainFile(dataDir: string, info: ChainFile) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'chain.json');
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`);
  fs.renameSync(temp, file);
}

/**
 * Connects the API to its chain. With CHAIN_RPC_URL: that chain (BSC testnet or mainnet) and the
 * contracts named by CHAIN_USDT_ADDRESS and CHAIN_MARKET_ADDRESS. Without: starts the embedded
 * development chain, deploys both contracts afresh and funds the treasury. Either way the chain's
 * facts are written to DATA_DIR/chain.json. Secrets come from config, else from
 * DATA_DIR/secrets.json (never for the mnemonic of a real chain in production); none is ever logged.
 */
export async function startChain(config: ChainConfig, logger: ChainLogger): Promise<StartedChain> {
  if (config.CHAIN_RPC_URL) {
    for (const name of ['CHAIN_USDT_ADDRESS', 'CHAIN_MARKET_ADDRESS', 'CHAIN_TREASURY_PRIVATE_KEY'] as const) {
      if (!config[name]) throw new ChainConfigError(`${name}: required when CHAIN_RPC_URL is set`);
    }
  }
  if (config.APP_ENV === 'production') {
    if (config.CHAIN_RPC_URL && !config.CHAIN_MNEMONIC) {
      throw new ChainConfigError('CHAIN_MNEMONIC: required in production on a real chain (CHAIN_RPC_URL)');
    }
    if (!config.CHAIN_RPC_URL) {
      logger.warn({}, 'APP_ENV=production on the embedded development chain: its tokens and USDT are not real');
    }
  }
  const generated = config.CHAIN_MNEMONIC && config.CHAIN_TREASURY_PRIVATE_KEY ? null : loadDevSecrets(config.DATA_DIR);
  const mnemonic = config.CHAIN_MNEMONIC ?? generated!.chainMnemonic;
  const treasuryPrivateKey = config.CHAIN_TREASURY_PRIVATE_KEY ?? generated!.chainTreasuryKey;

  if (config.CHAIN_RPC_URL) {
    const gateway = await createViemGateway({
      rpcUrl: config.CHAIN_RPC_URL,
      usdtAddress: config.CHAIN_USDT_ADDRESS!,
      marketAddress: config.CHAIN_MARKET_ADDRESS!,
      treasuryPrivateKey,
      mnemonic,
      confirmations: config.CHAIN_CONFIRMATIONS,
      finality: config.CHAIN_FINALITY,
      explorerUrl: config.CHAIN_EXPLORER_URL ?? null,
    });
    const info: ChainFile = {
      chainId: gateway.chainId,
      usdtAddress: gateway.usdtAddress,
      marketAddress: gateway.marketAddress,
      treasuryAddress: gateway.treasuryAddress,
      dev: false,
      startedAt: new Date().toISOString(),
    };
    writeChainFile(config.DATA_DIR, info);
    logger.info({ chainId: info.chainId, marketAddress: info.marketAddress }, 'chain connected');
    return { gateway, fresh: false, devChain: null, faucet: null, info };
  }

  const devChain = await startDevChain({
    port: config.CHAIN_DEV_PORT,
    blockIntervalMs: config.CHAIN_DEV_BLOCK_INTERVAL_MS,
    logger,
  });
  try {
    const provisioned = await provisionDevChain(devChain, { treasuryPrivateKey });
    const gateway = await createViemGateway({
      rpcUrl: devChain.rpcUrl,
      chainId: DEV_CHAIN_ID,
      usdtAddress: provisioned.usdtAddress,
      marketAddress: provisioned.marketAddress,
      treasuryPrivateKey,
      mnemonic,
      confirmations: config.CHAIN_CONFIRMATIONS,
      finality: config.CHAIN_FINALITY,
      explorerUrl: config.CHAIN_EXPLORER_URL ?? null,
      pollingIntervalMs: 250,
      retryCount: 0,
      onClose: () => devChain.close(),
    });
    const info: ChainFile = {
      chainId: devChain.chainId,
      usdtAddress: provisioned.usdtAddress,
      marketAddress: provisioned.marketAddress,
      treasuryAddress: provisioned.treasuryAddress,
      dev: true,
      startedAt: new Date().toISOString(),
    };
    writeChainFile(config.DATA_DIR, info);
    logger.info(
      { rpcUrl: devChain.rpcUrl, usdtAddress: info.usdtAddress, marketAddress: info.marketAddress },
      'development chain ready (contracts deployed afresh)',
    );
    return { gateway, fresh: true, devChain, faucet: provisioned.faucet, info };
  } catch (error) {
    await devChain.close();
    throw error;
  }
}
