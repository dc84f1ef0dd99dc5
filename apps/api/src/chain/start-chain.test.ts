import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { NFT_PRICE_USDT, NFT_TYPE } from '@app/shared/constants';
import { loadConfig } from '../config';
import type { ChainLogger } from './dev-chain';
import { ChainConfigError } from './viem-gateway';
import { DEV_TREASURY_USDT, type ChainFile, type StartedChain, startChain } from './start-chain';

/** startChain: the embedded chain by default, any RPC URL with contract addresses otherwise. */

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-'));
  dirs.push(dir);
  return dir;
};

/** A logger that remembers every line, to prove no secret reaches it. */
function recordingLogger() {
  const lines: string[] = [];
  const record = (obj: object, msg?: string) => void lines.push(JSON.stringify({ obj, msg }));
  const logger: ChainLogger = { info: record, warn: record, debug: record };
  return { logger, lines };
}

const configFor = (env: Record<string, string>) => loadConfig({ CHAIN_DEV_BLOCK_INTERVAL_MS: '0', ...env });

let dataDir: string;
let first: StartedChain;
const { logger, lines } = recordingLogger();

beforeAll(async () => {
  dataDir = tempDir();
  first = await startChain(configFor({ DATA_DIR: dataDir }), logger);
}, 120_000);

afterAll(async () => {
  await first?.gateway.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('startChain', () => {
  it('starts the development chain, deploys both contracts and funds the treasury', async () => {
    const { gateway, fresh, devChain, faucet } = first;
    expect(fresh).toBe(true);
    expect(devChain).not.toBeNull();
    expect(faucet).not.toBeNull();
    expect(gateway.chainId).toBe(31337);
    expect(gateway.confirmations).toBe(2);
    expect(await gateway.usdtBalance(gateway.treasuryAddress)).toBe(DEV_TREASURY_USDT);
    expect(await gateway.nativeBalance(gateway.treasuryAddress)).toBeGreaterThan(parseEther('1000'));
    expect(await gateway.priceOf(NFT_TYPE.SILVER)).toBe(parseEther(String(NFT_PRICE_USDT.SILVER)));
    const [id] = await gateway.createdTokenIds(await gateway.supply(NFT_TYPE.SILVER, 1));
    expect(await gateway.ownerOf(id!)).toBe(gateway.marketAddress);
  });

  it('writes DATA_DIR/chain.json', () => {
    const file: ChainFile = JSON.parse(fs.readFileSync(path.join(dataDir, 'chain.json'), 'utf8'));
    expect(file).toEqual({
      chainId: 31337,
      usdtAddress: first.gateway.usdtAddress,
      marketAddress: first.gateway.marketAddress,
      treasuryAddress: first.gateway.treasuryAddress,
      dev: true,
      startedAt: expect.any(String),
    });
    expect(Date.parse(file.startedAt)).toBeGreaterThan(Date.now() - 300_000);
  });

  it('generates the mnemonic and treasury key once into DATA_DIR/secrets.json (mode 600) and never logs them', () => {
    const file = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(secrets.chainMnemonic.split(' ')).toHaveLength(12);
    expect(secrets.chainTreasuryKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyToAccount(secrets.chainTreasuryKey).address).toBe(first.gateway.treasuryAddress);
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    expect(logged).not.toContain(secrets.chainTreasuryKey.slice(2));
    const words: string[] = secrets.chainMnemonic.split(' ');
    for (let i = 0; i + 1 < words.length; i++) expect(logged).not.toContain(`${words[i]} ${words[i + 1]}`);
  });

  it('the faucet makes deposits and time', async () => {
    const faucet = first.faucet!;
    const to = first.gateway.addressOf(42);
    const before = await first.gateway.blockNumber();
    await faucet.mintUsdt(to, parseEther('5'));
    await faucet.mine(3);
    expect(await first.gateway.blockNumber()).toBe(before + 4n);
    expect(await first.gateway.usdtTransfers(before + 1n, before + 4n, [to])).toHaveLength(1);
    await faucet.setNative(to, 7n);
    expect(await first.gateway.nativeBalance(to)).toBe(7n);
  });

  it('starts afresh each time with the same keys, so the same addresses', async () => {
    const again = await startChain(configFor({ DATA_DIR: dataDir }), logger);
    try {
      expect(again.fresh).toBe(true);
      expect(again.devChain!.rpcUrl).not.toBe(first.devChain!.rpcUrl);
      expect(again.gateway.addressOf(1)).toBe(first.gateway.addressOf(1));
      expect(again.gateway.treasuryAddress).toBe(first.gateway.treasuryAddress);
      // Same deployer, same nonces: the contracts land at the same addresses.
      expect(again.gateway.marketAddress).toBe(first.gateway.marketAddress);
      expect(again.gateway.usdtAddress).toBe(first.gateway.usdtAddress);
    } finally {
      await again.gateway.close();
    }
    // Closing the gateway stopped its chain.
    await expect(
      fetch(again.devChain!.rpcUrl, { method: 'POST', signal: AbortSignal.timeout(2000) }),
    ).rejects.toThrow();
  }, 120_000);

  it('takes keys from config over DATA_DIR', async () => {
    const key = generatePrivateKey();
    const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    const other = await startChain(
      configFor({
        DATA_DIR: tempDir(),
        CHAIN_TREASURY_PRIVATE_KEY: key,
        CHAIN_MNEMONIC: mnemonic,
        CHAIN_CONFIRMATIONS: '5',
      }),
      logger,
    );
    try {
      expect(other.gateway.treasuryAddress).toBe(privateKeyToAccount(key).address);
      expect(other.gateway.addressOf(1)).not.toBe(first.gateway.addressOf(1));
      expect(other.gateway.confirmations).toBe(5);
    } finally {
      await other.gateway.close();
    }
  }, 120_000);

  it('connects to a chain by RPC URL with the contracts named in config', async () => {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    const remoteDir = tempDir();
    const remote = await startChain(
      configFor({
        DATA_DIR: remoteDir,
        CHAIN_RPC_URL: first.devChain!.rpcUrl,
        CHAIN_USDT_ADDRESS: first.gateway.usdtAddress.toLowerCase(),
        CHAIN_MARKET_ADDRESS: first.gateway.marketAddress,
        CHAIN_TREASURY_PRIVATE_KEY: secrets.chainTreasuryKey,
        CHAIN_MNEMONIC: secrets.chainMnemonic,
        CHAIN_EXPLORER_URL: 'https://testnet.bscscan.com',
      }),
      logger,
    );
    try {
      expect(remote.fresh).toBe(false);
      expect(remote.devChain).toBeNull();
      expect(remote.faucet).toBeNull();
      expect(remote.gateway.confirmations).toBe(15);
      expect(remote.gateway.explorerUrl).toBe('https://testnet.bscscan.com');
      expect(remote.gateway.marketAddress).toBe(first.gateway.marketAddress);
      expect(remote.gateway.addressOf(9)).toBe(first.gateway.addressOf(9));
      expect(JSON.parse(fs.readFileSync(path.join(remoteDir, 'chain.json'), 'utf8'))).toMatchObject({
        dev: false,
        chainId: 31337,
      });
    } finally {
      await remote.gateway.close();
    }
    // Closing a gateway to someone else's chain leaves that chain alone.
    expect(await first.gateway.blockNumber()).toBeGreaterThan(0n);
  });

  it('fails fast naming what is missing', async () => {
    const dir = tempDir();
    const remote = {
      ...configFor({ DATA_DIR: dir }),
      CHAIN_RPC_URL: first.devChain!.rpcUrl,
      CHAIN_USDT_ADDRESS: first.gateway.usdtAddress,
    };
    // loadConfig refuses these already; startChain checks again for callers that build config by hand.
    await expect(startChain(remote, logger)).rejects.toThrow(ChainConfigError);
    await expect(startChain(remote, logger)).rejects.toThrow(
      /CHAIN_MARKET_ADDRESS: required when CHAIN_RPC_URL is set/,
    );
    const production = {
      ...remote,
      APP_ENV: 'production' as const,
      CHAIN_MARKET_ADDRESS: first.gateway.marketAddress,
      CHAIN_TREASURY_PRIVATE_KEY: generatePrivateKey(),
    };
    await expect(startChain(production, logger)).rejects.toThrow(/CHAIN_MNEMONIC: required in production/);
    expect(fs.existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });
});
