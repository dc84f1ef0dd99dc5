import type { Address, Hash, Hex } from 'viem';
import { english, generateMnemonic, generatePrivateKey } from 'viem/accounts';
import { type DevChain, DEV_CHAIN_ID, startDevChain } from '../src/chain/dev-chain';
import type { ChainGateway, Receipt } from '../src/chain/gateway';
import { provisionDevChain } from '../src/chain/start-chain';
import { createViemGateway } from '../src/chain/viem-gateway';

export interface TestChainOptions {
  /** Deposit confirmations the gateway reports (default 2). */
  confirmations?: number;
  /** Empty blocks at this interval; default 0: blocks come only with transactions and mine(). */
  blockIntervalMs?: number;
  mnemonic?: string;
  treasuryPrivateKey?: Hex;
}

export interface TestChain {
  gateway: ChainGateway;
  rpcUrl: string;
  devChain: DevChain;
  mnemonic: string;
  treasuryPrivateKey: Hex;
  /** Mines blocks at once (hardhat_mine). */
  mine(blocks?: number): Promise<void>;
  /** Mints test USDT to an address, as a deposit from outside; mined when it resolves. */
  mintUsdt(to: Address, amount: bigint): Promise<Hash>;
  /** Sets the BNB balance of an address (hardhat_setBalance). */
  setNative(to: Address, amount: bigint): Promise<void>;
  /** The receipt of a transaction, polling until it is mined (transactions mine as they arrive). */
  waitForReceipt(hash: Hash, timeoutMs?: number): Promise<Receipt>;
  stop(): Promise<void>;
}

/**
 * A fresh Hardhat node on a free port with TestUSDT and EEEMarket deployed, a funded treasury and
 * a gateway over it, for one test file (start it in beforeAll, stop it in afterAll). A random
 * mnemonic and treasury key unless given.
 */
export async function startTestChain(options: TestChainOptions = {}): Promise<TestChain> {
  const devChain = await startDevChain({ blockIntervalMs: options.blockIntervalMs ?? 0 });
  try {
    const mnemonic = options.mnemonic ?? generateMnemonic(english);
    const treasuryPrivateKey = options.treasuryPrivateKey ?? generatePrivateKey();
    const provisioned = await provisionDevChain(devChain, { treasuryPrivateKey });
    const gateway = await createViemGateway({
      rpcUrl: devChain.rpcUrl,
      chainId: DEV_CHAIN_ID,
      usdtAddress: provisioned.usdtAddress,
      marketAddress: provisioned.marketAddress,
      treasuryPrivateKey,
      mnemonic,
      confirmations: options.confirmations ?? 2,
      pollingIntervalMs: 50,
      retryCount: 0,
    });
    const { faucet } = provisioned;
    return {
      gateway,
      rpcUrl: devChain.rpcUrl,
      devChain,
      mnemonic,
      treasuryPrivateKey,
      mine: (blocks = 1) => faucet.mine(blocks),
      mintUsdt: faucet.mintUsdt,
      setNative: faucet.setNative,
      async waitForReceipt(hash, timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const receipt = await gateway.receipt(hash);
          if (receipt) return receipt;
          if (Date.now() > deadline) throw new Error(`No receipt for ${hash} within ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
      async stop() {
        await gateway.close();
        await devChain.close();
      },
    };
  } catch (error) {
    await devChain.close();
    throw error;
  }
}
