import {
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
  getAddress,
} from 'viem';
import { eeeMarketAbi, eeeMarketBytecode } from './generated/eee-market';
import { testUsdtAbi, testUsdtBytecode } from './generated/test-usdt';

export interface DeployOptions {
  /** Signs the deployments; its account becomes the owner of both contracts. */
  walletClient: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient;
  /** Receives the platform's part of every sale. */
  treasury: Address;
  /**
   * The USDT token the market sells for (BSC's BEP-20 USDT). When omitted, a TestUSDT owned by the
   * deployer is deployed first: development chains only.
   */
  usdtAddress?: Address;
  /** Who may mint the TestUSDT (default: the deployer). */
  testUsdtOwner?: Address;
  /** How often to poll for the deployments' receipts (default: the public client's interval). */
  pollingIntervalMs?: number;
}

export interface DeployedContracts {
  usdtAddress: Address;
  marketAddress: Address;
  /** True when usdtAddress is a freshly deployed TestUSDT. */
  testUsdt: boolean;
}

/** Deploys TestUSDT (unless a USDT address is given) and EEEMarket, waiting for each to be mined. */
export async function deployContracts(options: DeployOptions): Promise<DeployedContracts> {
  const { walletClient, publicClient, treasury } = options;
  const owner = walletClient.account.address;

  const mined = async (hash: Hash, what: string): Promise<Address> => {
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      pollingInterval: options.pollingIntervalMs,
    });
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`Deploying ${what} failed (transaction ${hash})`);
    }
    return getAddress(receipt.contractAddress);
  };

  let usdtAddress = options.usdtAddress;
  const testUsdt = usdtAddress === undefined;
  if (usdtAddress === undefined) {
    const hash = await walletClient.deployContract({
      abi: testUsdtAbi,
      bytecode: testUsdtBytecode,
      args: [options.testUsdtOwner ?? owner],
    });
    usdtAddress = await mined(hash, 'TestUSDT');
  }

  // The market reads the token's decimals in its constructor, so the token must exist first.
  const hash = await walletClient.deployContract({
    abi: eeeMarketAbi,
    bytecode: eeeMarketBytecode,
    args: [usdtAddress, treasury, owner],
  });
  const marketAddress = await mined(hash, 'EEEMarket');
  return { usdtAddress, marketAddress, testUsdt };
}
