import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Address, type Hash, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { eeeMarketAbi } from '@app/contracts/generated/eee-market';
import { NFT_TYPE } from '@app/shared/constants';
import { startTestChain, type TestChain } from '../../test/chain';
import { DEV_CHAIN_ID } from './dev-chain';
import { devChainDefinition } from './start-chain';
import { ChainConfigError, createViemGateway, type ViemGatewayOptions } from './viem-gateway';

/** The gateway against a real EVM: derivation, transfers in block ranges, nonces, receipts. */

// The well-known development mnemonic: its addresses are published, so derivation can be checked.
const MNEMONIC = 'test test test test test test test test test test test junk';
let chain: TestChain;
const usdt = (n: number) => parseEther(String(n));
const outside = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const treasury = { kind: 'treasury' } as const;

const optionsFor = (overrides: Partial<ViemGatewayOptions> = {}): ViemGatewayOptions => ({
  rpcUrl: chain.rpcUrl,
  usdtAddress: chain.gateway.usdtAddress,
  marketAddress: chain.gateway.marketAddress,
  treasuryPrivateKey: chain.treasuryPrivateKey,
  mnemonic: MNEMONIC,
  confirmations: 2,
  retryCount: 0,
  ...overrides,
});

beforeAll(async () => {
  chain = await startTestChain({ mnemonic: MNEMONIC });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

describe('the viem gateway', () => {
  it('derives each user’s deposit address from the HD wallet (m/44’/60’/0’/0/{userId})', async () => {
    const { gateway } = chain;
    expect(gateway.addressOf(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(gateway.addressOf(1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(gateway.addressOf(2)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    expect(gateway.addressOf(1)).toBe(gateway.addressOf(1));
    const again = await createViemGateway(optionsFor());
    expect(again.addressOf(1)).toBe(gateway.addressOf(1));
    await again.close();
    const other = await createViemGateway(
      optionsFor({ mnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow' }),
    );
    expect(other.addressOf(1)).not.toBe(gateway.addressOf(1));
    await other.close();
    expect(() => gateway.addressOf(-1)).toThrow(RangeError);
    expect(() => gateway.addressOf(1.5)).toThrow(RangeError);
    expect(() => gateway.addressOf(2 ** 31)).toThrow(RangeError);
  });

  it('reports what it is connected to', async () => {
    const { gateway } = chain;
    expect(gateway.chainId).toBe(DEV_CHAIN_ID);
    expect(gateway.treasuryAddress).toBe(privateKeyToAccount(chain.treasuryPrivateKey).address);
    expect(gateway.confirmations).toBe(2);
    expect(gateway.explorerUrl).toBeNull();
    expect(await gateway.gasPrice()).toBeGreaterThan(0n);
    const before = await gateway.blockNumber();
    await chain.mine(3);
    expect(await gateway.blockNumber()).toBe(before + 3n);
    const someone = outside();
    await chain.setNative(someone, 12345n);
    expect(await gateway.nativeBalance(someone)).toBe(12345n);
    expect(await gateway.usdtBalance(someone)).toBe(0n);
  });

  it('finds USDT transfers by receiver and block range', async () => {
    const { gateway } = chain;
    const [a, b, c] = [outside(), outside(), outside()];
    const start = (await gateway.blockNumber()) + 1n;
    await chain.mintUsdt(a, usdt(1));
    await chain.mine(5);
    await chain.mintUsdt(b, usdt(2));
    const hashToA = await gateway.transferUsdt(treasury, a, usdt(3));
    await chain.mintUsdt(c, usdt(4));
    const end = await gateway.blockNumber();

    const toA = await gateway.usdtTransfers(start, end, [a]);
    expect(toA.map((t) => t.value)).toEqual([usdt(1), usdt(3)]);
    expect(toA[1]).toMatchObject({ txHash: hashToA, from: gateway.treasuryAddress, to: a });
    expect(toA[0]!.blockNumber).toBe(start);
    expect(typeof toA[0]!.logIndex).toBe('number');

    // Lower-case addresses match too; results come in chain order.
    const toAB = await gateway.usdtTransfers(start, end, [b.toLowerCase() as Address, a]);
    expect(toAB.map((t) => t.to)).toEqual([a, b, a]);
    expect((await gateway.usdtTransfers(start, end)).map((t) => t.to)).toEqual([a, b, a, c]);
    expect(await gateway.usdtTransfers(start, end, [])).toEqual([]);
    // Inclusive bounds, and a range that leaves a transfer out.
    expect(await gateway.usdtTransfers(start, start, [a])).toHaveLength(1);
    expect(await gateway.usdtTransfers(start + 1n, end, [a])).toHaveLength(1);
    expect(await gateway.usdtTransfers(end, start, [a])).toEqual([]);

    // In small chunks the answer is the same.
    const chunked = await createViemGateway(optionsFor({ logRange: 2n }));
    expect(await chunked.usdtTransfers(start, end, [a, b, c])).toEqual(
      await gateway.usdtTransfers(start, end, [a, b, c]),
    );
    await chunked.close();
  });

  it('reads a wide range in chunks (public BSC nodes limit eth_getLogs ranges)', async () => {
    const { gateway } = chain;
    const receiver = outside();
    const start = (await gateway.blockNumber()) + 1n;
    await chain.mintUsdt(receiver, usdt(1));
    await chain.mine(4500);
    await chain.mintUsdt(receiver, usdt(2));
    const end = await gateway.blockNumber();
    expect(end - start).toBeGreaterThan(4000n);
    const found = await gateway.usdtTransfers(start, end, [receiver]);
    expect(found.map((t) => t.value)).toEqual([usdt(1), usdt(2)]);
    expect(found[1]!.blockNumber).toBe(end);
  });

  it('sends concurrently from one signer without nonce collisions', async () => {
    const { gateway } = chain;
    const receivers = Array.from({ length: 10 }, () => outside());
    const hashes = await Promise.all(receivers.map((to, i) => gateway.transferUsdt(treasury, to, usdt(i + 1))));
    expect(new Set(hashes).size).toBe(10);
    const receipts = await Promise.all(hashes.map((hash) => chain.waitForReceipt(hash)));
    expect(receipts.every((r) => r.status === 'success')).toBe(true);
    const balances = await Promise.all(receivers.map((to) => gateway.usdtBalance(to)));
    expect(balances).toEqual(receivers.map((_, i) => usdt(i + 1)));
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
    const nonces = await Promise.all(hashes.map(async (hash) => (await client.getTransaction({ hash })).nonce));
    expect([...nonces].sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => nonces[0]! + i));

    // A user signer too, mixing kinds of transaction.
    const userId = 7001;
    await chain.setNative(gateway.addressOf(userId), parseEther('1'));
    await chain.mintUsdt(gateway.addressOf(userId), usdt(50));
    const user = { kind: 'user', userId } as const;
    const mixed = await Promise.all([
      gateway.sendNative(user, outside(), 1000n),
      gateway.transferUsdt(user, outside(), usdt(10)),
      gateway.approveMarket(user, usdt(20)),
      gateway.transferUsdt(user, outside(), usdt(10)),
      gateway.sendNative(user, outside(), 1000n),
    ]);
    const mixedReceipts = await Promise.all(mixed.map((hash) => chain.waitForReceipt(hash)));
    expect(mixedReceipts.map((r) => r.status)).toEqual(Array(5).fill('success'));
    expect(await gateway.usdtBalance(gateway.addressOf(userId))).toBe(usdt(30));
    expect(await gateway.usdtAllowance(gateway.addressOf(userId))).toBe(usdt(20));
  });

  it('recovers its nonce after another program sent from the same address', async () => {
    const { gateway } = chain;
    await chain.waitForReceipt(await gateway.transferUsdt(treasury, outside(), 1n));
    const wallet = createWalletClient({
      account: privateKeyToAccount(chain.treasuryPrivateKey),
      chain: devChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    await chain.waitForReceipt(await wallet.sendTransaction({ to: outside(), value: 1n }));
    const receipt = await chain.waitForReceipt(await gateway.transferUsdt(treasury, outside(), 1n));
    expect(receipt.status).toBe('success');
  });

  it('gives receipts: null while unknown, then status, block and gas', async () => {
    const { gateway } = chain;
    expect(await gateway.receipt(`0x${'ab'.repeat(32)}` as Hash)).toBeNull();
    const hash = await gateway.sendNative(treasury, outside(), parseEther('0.01'));
    const receipt = await chain.waitForReceipt(hash);
    expect(receipt).toMatchObject({ status: 'success', gasUsed: 21000n });
    expect(receipt.blockNumber).toBeGreaterThan(0n);
    expect(receipt.effectiveGasPrice).toBeGreaterThan(0n);

    // A transaction that reverts on chain (sent without the gateway's checks) is mined as reverted.
    const stranger = privateKeyToAccount(generatePrivateKey());
    await chain.setNative(stranger.address, parseEther('1'));
    const wallet = createWalletClient({
      account: stranger,
      chain: devChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    const reverted = await wallet.writeContract({
      address: gateway.marketAddress,
      abi: eeeMarketAbi,
      functionName: 'buy',
      args: [999_999n],
      gas: 200_000n,
    });
    expect((await chain.waitForReceipt(reverted)).status).toBe('reverted');
  });

  it('tells which tokens a transaction created', async () => {
    const { gateway } = chain;
    const supplied = await gateway.createdTokenIds(await gateway.supply(NFT_TYPE.SILVER, 3));
    expect(supplied).toHaveLength(3);
    const [child] = await gateway.createdTokenIds(
      await gateway.mintChild(NFT_TYPE.GOLD, gateway.addressOf(1), gateway.addressOf(2)),
    );
    expect(child).toBe(supplied[2]! + 1);
    expect(await gateway.levelOf(child!)).toBe(NFT_TYPE.GOLD);
    const [granted] = await gateway.createdTokenIds(await gateway.grant(NFT_TYPE.ICON, gateway.addressOf(3)));
    expect(granted).toBe(child! + 1);
    expect(await gateway.ownerOf(granted!)).toBe(gateway.addressOf(3));
    expect(await gateway.createdTokenIds(await gateway.transferUsdt(treasury, outside(), 1n))).toEqual([]);
  });

  it('keeps a custodial purchase within the gas it advertises', async () => {
    const { gateway } = chain;
    // What the purchase flow tops up (GASING): gas price * (transfer + buy limits), with a margin.
    const userId = 7100;
    const address = gateway.addressOf(userId);
    const [id] = await gateway.createdTokenIds(await gateway.mintChild(NFT_TYPE.PLATINUM, outside(), outside()));
    await chain.mintUsdt(address, usdt(10_000));
    const topUp = ((await gateway.gasPrice()) * (gateway.transferGasLimit + gateway.buyGasLimit) * 11n) / 10n;
    await chain.waitForReceipt(await gateway.sendNative(treasury, address, topUp));
    const user = { kind: 'user', userId } as const;
    const approve = await chain.waitForReceipt(await gateway.approveMarket(user, usdt(10_000)));
    const buy = await chain.waitForReceipt(await gateway.buyToken(user, id!));
    expect([approve.status, buy.status]).toEqual(['success', 'success']);
    expect(approve.gasUsed).toBeLessThan(gateway.transferGasLimit);
    expect(buy.gasUsed).toBeLessThan(gateway.buyGasLimit);
    expect(await gateway.ownerOf(id!)).toBe(address);
  });

  it('refuses to send from an address without gas, before anything reaches the chain', async () => {
    const { gateway } = chain;
    const userId = 7200;
    await chain.mintUsdt(gateway.addressOf(userId), usdt(1));
    await expect(gateway.transferUsdt({ kind: 'user', userId }, outside(), usdt(1))).rejects.toThrow(/funds/i);
    expect(await gateway.usdtBalance(gateway.addressOf(userId))).toBe(usdt(1));
  });

  it('checks its configuration against the chain', async () => {
    await expect(createViemGateway(optionsFor({ chainId: 56 }))).rejects.toThrow(/chain 31337, expected 56/);
    await expect(createViemGateway(optionsFor({ marketAddress: outside() }))).rejects.toThrow(
      /CHAIN_MARKET_ADDRESS: no contract/,
    );
    await expect(createViemGateway(optionsFor({ marketAddress: chain.gateway.usdtAddress }))).rejects.toThrow(
      /not an EEE market/,
    );
    await expect(createViemGateway(optionsFor({ treasuryPrivateKey: generatePrivateKey() }))).rejects.toThrow(
      ChainConfigError,
    );
    await expect(createViemGateway(optionsFor({ treasuryPrivateKey: generatePrivateKey() }))).rejects.toThrow(
      /CHAIN_TREASURY_PRIVATE_KEY/,
    );
  });

  it('lets pending sends finish on close and refuses new ones', async () => {
    let closedHook = false;
    const gateway = await createViemGateway(optionsFor({ onClose: async () => void (closedHook = true) }));
    const pending = gateway.transferUsdt(treasury, outside(), 1n);
    await gateway.close();
    expect(closedHook).toBe(true);
    expect((await chain.waitForReceipt(await pending)).status).toBe('success');
    await expect(gateway.transferUsdt(treasury, outside(), 1n)).rejects.toThrow(/closed/);
  });
});
