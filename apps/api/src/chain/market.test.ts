import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseEventLogs,
  type Hash,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { eeeMarketAbi } from '@app/contracts/generated/eee-market';
import { NFT_PRICE_USDT, NFT_TYPE, SELLER_REWARD_SHARE } from '@app/shared/constants';
import { startTestChain, type TestChain } from '../../test/chain';
import { devChainDefinition } from './start-chain';

/** EEEMarket on a real EVM: listing, selling, seller rewards, grants and who may do what. */
let chain: TestChain;
const usdt = (n: number) => parseEther(String(n));
const { SILVER, GOLD, PLATINUM, ICON } = NFT_TYPE;
const user = (id: number) => ({ kind: 'user' as const, userId: id });

/** The custom error a call reverted with (viem decodes it against the contract's ABI). */
async function revertOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError)
      return reverted.data?.errorName ?? reverted.signature ?? 'reverted';
    throw error;
  }
  throw new Error('expected a revert');
}

async function mined(hash: Hash) {
  const receipt = await chain.waitForReceipt(hash);
  expect(receipt.status).toBe('success');
  return receipt;
}

async function logsOf(hash: Hash) {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
  const receipt = await client.getTransactionReceipt({ hash });
  return parseEventLogs({ abi: eeeMarketAbi, logs: receipt.logs });
}

/** A user with gas and `amount` USDT who has approved the market for `allowance`. */
async function buyer(id: number, amount: bigint, allowance = amount) {
  const address = chain.gateway.addressOf(id);
  await chain.setNative(address, parseEther('1'));
  if (amount > 0n) await chain.mintUsdt(address, amount);
  if (allowance > 0n) await mined(await chain.gateway.approveMarket(user(id), allowance));
  return address;
}

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

describe('EEEMarket', () => {
  it('sells at the product prices and pays parents the product share', async () => {
    expect(await chain.gateway.priceOf(SILVER)).toBe(usdt(NFT_PRICE_USDT.SILVER));
    expect(await chain.gateway.priceOf(GOLD)).toBe(usdt(NFT_PRICE_USDT.GOLD));
    expect(await chain.gateway.priceOf(PLATINUM)).toBe(usdt(NFT_PRICE_USDT.PLATINUM));
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
    const read = (functionName: 'SELLER_REWARD_BPS' | 'name' | 'symbol') =>
      client.readContract({ address: chain.gateway.marketAddress, abi: eeeMarketAbi, functionName });
    expect(Number(await read('SELLER_REWARD_BPS')) / 10_000).toBe(SELLER_REWARD_SHARE);
    expect(await read('name')).toBe('EEE Token');
    expect(await read('symbol')).toBe('EEE');
  });

  it('lists a supply held by the contract, with sequential ids and events', async () => {
    const hash = await chain.gateway.supply(SILVER, 3);
    await mined(hash);
    const ids = await chain.gateway.createdTokenIds(hash);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]! + 1);
    expect(ids[2]).toBe(ids[0]! + 2);
    for (const id of ids) {
      expect(await chain.gateway.ownerOf(id)).toBe(chain.gateway.marketAddress);
      expect(await chain.gateway.levelOf(id)).toBe(SILVER);
    }
    const listed = (await logsOf(hash)).filter((log) => log.eventName === 'Listed');
    expect(listed.map((log) => log.args)).toEqual(
      ids.map((id) => ({
        tokenId: BigInt(id),
        level: SILVER,
        parent1: expect.stringMatching(/^0x0{40}$/),
        parent2: expect.stringMatching(/^0x0{40}$/),
      })),
    );
  });

  it('sells a parentless token: pulls the price, the treasury gets all of it, the buyer the token', async () => {
    const [id] = await chain.gateway.createdTokenIds(await chain.gateway.supply(GOLD, 1));
    const price = usdt(NFT_PRICE_USDT.GOLD);
    const address = await buyer(101, price + usdt(5));
    const treasuryBefore = await chain.gateway.usdtBalance(chain.gateway.treasuryAddress);

    const hash = await chain.gateway.buyToken(user(101), id!);
    const receipt = await mined(hash);
    expect(receipt.gasUsed).toBeLessThan(chain.gateway.buyGasLimit);

    expect(await chain.gateway.ownerOf(id!)).toBe(address);
    expect(await chain.gateway.usdtBalance(address)).toBe(usdt(5));
    expect(await chain.gateway.usdtAllowance(address)).toBe(usdt(5));
    expect(await chain.gateway.usdtBalance(chain.gateway.treasuryAddress)).toBe(treasuryBefore + price);
    const events = await logsOf(hash);
    expect(events.filter((log) => log.eventName === 'SellerRewardPaid')).toHaveLength(0);
    expect(events.find((log) => log.eventName === 'Sold')?.args).toEqual({
      tokenId: BigInt(id!),
      buyer: address,
      level: GOLD,
      price,
    });
  });

  it('sells a minted child: 40% to each parent with events, the rest to the treasury', async () => {
    const mother = chain.gateway.addressOf(201);
    const father = chain.gateway.addressOf(202);
    const mintHash = await chain.gateway.mintChild(SILVER, mother, father);
    const [id] = await chain.gateway.createdTokenIds(mintHash);
    expect((await logsOf(mintHash)).find((log) => log.eventName === 'Listed')?.args).toMatchObject({
      parent1: mother,
      parent2: father,
    });

    const price = usdt(NFT_PRICE_USDT.SILVER);
    const address = await buyer(203, price);
    const treasuryBefore = await chain.gateway.usdtBalance(chain.gateway.treasuryAddress);
    const hash = await chain.gateway.buyToken(user(203), id!);
    const receipt = await mined(hash);
    expect(receipt.gasUsed).toBeLessThan(chain.gateway.buyGasLimit);

    const share = usdt(NFT_PRICE_USDT.SILVER * SELLER_REWARD_SHARE);
    expect(await chain.gateway.usdtBalance(mother)).toBe(share);
    expect(await chain.gateway.usdtBalance(father)).toBe(share);
    expect(await chain.gateway.usdtBalance(chain.gateway.treasuryAddress)).toBe(treasuryBefore + price - 2n * share);
    expect(await chain.gateway.usdtBalance(address)).toBe(0n);
    expect(await chain.gateway.ownerOf(id!)).toBe(address);
    const rewards = (await logsOf(hash)).filter((log) => log.eventName === 'SellerRewardPaid').map((log) => log.args);
    expect(rewards).toEqual([
      { tokenId: BigInt(id!), parent: mother, amount: share },
      { tokenId: BigInt(id!), parent: father, amount: share },
    ]);
  });

  it('never sells ICON: it is only granted', async () => {
    expect(await revertOf(chain.gateway.supply(ICON, 1))).toBe('NotForSale');
    expect(await revertOf(chain.gateway.mintChild(ICON, chain.gateway.addressOf(1), chain.gateway.addressOf(2)))).toBe(
      'NotForSale',
    );
    expect(await revertOf(chain.gateway.priceOf(ICON))).toBe('NotForSale');

    const to = chain.gateway.addressOf(301);
    const hash = await chain.gateway.grant(ICON, to);
    await mined(hash);
    const [id] = await chain.gateway.createdTokenIds(hash);
    expect(await chain.gateway.ownerOf(id!)).toBe(to);
    expect(await chain.gateway.levelOf(id!)).toBe(ICON);
    expect((await logsOf(hash)).find((log) => log.eventName === 'Granted')?.args).toEqual({
      tokenId: BigInt(id!),
      to,
      level: ICON,
    });

    await buyer(302, usdt(100_000));
    expect(await revertOf(chain.gateway.buyToken(user(302), id!))).toBe('NotListed');
  });

  it('refuses a token that is not listed: sold already, or never minted', async () => {
    const [id] = await chain.gateway.createdTokenIds(await chain.gateway.supply(SILVER, 1));
    await buyer(401, usdt(100));
    await mined(await chain.gateway.buyToken(user(401), id!));
    await buyer(402, usdt(100));
    expect(await revertOf(chain.gateway.buyToken(user(402), id!))).toBe('NotListed');
    expect(await revertOf(chain.gateway.buyToken(user(402), 999_999))).toBe('NotListed');
  });

  it('refuses a buyer whose allowance or balance is too low, and nothing moves', async () => {
    const [id] = await chain.gateway.createdTokenIds(await chain.gateway.supply(PLATINUM, 1));
    const address = await buyer(501, usdt(10_000), usdt(9_999));
    expect(await revertOf(chain.gateway.buyToken(user(501), id!))).toBe('ERC20InsufficientAllowance');
    const poor = await buyer(502, usdt(50), usdt(10_000));
    expect(await revertOf(chain.gateway.buyToken(user(502), id!))).toBe('ERC20InsufficientBalance');
    expect(await chain.gateway.ownerOf(id!)).toBe(chain.gateway.marketAddress);
    expect(await chain.gateway.usdtBalance(address)).toBe(usdt(10_000));
    expect(await chain.gateway.usdtBalance(poor)).toBe(usdt(50));
  });

  it('lets only the owner supply, mint, grant, set prices and the treasury', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    await chain.setNative(stranger.address, parseEther('1'));
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
    const address = chain.gateway.marketAddress;
    const a = chain.gateway.addressOf(1);
    const b = chain.gateway.addressOf(2);
    const call = (request: { functionName: string; args: readonly unknown[] }) =>
      client.simulateContract({ account: stranger, address, abi: eeeMarketAbi, ...request } as never);
    for (const request of [
      { functionName: 'supply', args: [SILVER, 1n] },
      { functionName: 'mintChild', args: [SILVER, a, b] },
      { functionName: 'grant', args: [ICON, stranger.address] },
      { functionName: 'setPrice', args: [SILVER, 1n] },
      { functionName: 'setTreasury', args: [stranger.address] },
    ]) {
      expect(await revertOf(call(request)), request.functionName).toBe('OwnableUnauthorizedAccount');
    }
    // And a signed transaction from the stranger is mined as a revert, changing nothing.
    const wallet = createWalletClient({
      account: stranger,
      chain: devChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    const hash = await wallet.writeContract({
      address,
      abi: eeeMarketAbi,
      functionName: 'setPrice',
      args: [SILVER, 1n],
      gas: 100_000n,
    });
    expect((await chain.waitForReceipt(hash)).status).toBe('reverted');
    expect(await chain.gateway.priceOf(SILVER)).toBe(usdt(NFT_PRICE_USDT.SILVER));
  });

  it('checks its input: parents, counts and levels', async () => {
    const a = chain.gateway.addressOf(1);
    expect(await revertOf(chain.gateway.mintChild(SILVER, a, a))).toBe('InvalidParents');
    expect(await revertOf(chain.gateway.mintChild(SILVER, a, '0x0000000000000000000000000000000000000000'))).toBe(
      'InvalidParents',
    );
    expect(await revertOf(chain.gateway.supply(SILVER, 0))).toBe('InvalidCount');
    expect(await revertOf(chain.gateway.supply(4, 1))).toBe('InvalidLevel');
    expect(await revertOf(chain.gateway.grant(7, a))).toBe('InvalidLevel');
  });

  it('sells at a price the owner sets', async () => {
    const owner = privateKeyToAccount(chain.treasuryPrivateKey);
    const wallet = createWalletClient({
      account: owner,
      chain: devChainDefinition(chain.rpcUrl),
      transport: http(chain.rpcUrl, { retryCount: 0 }),
    });
    const [id] = await chain.gateway.createdTokenIds(await chain.gateway.supply(SILVER, 1));
    // Sent outside the gateway on purpose: its treasury queue must recover its nonce afterwards.
    await mined(
      await wallet.writeContract({
        address: chain.gateway.marketAddress,
        abi: eeeMarketAbi,
        functionName: 'setPrice',
        args: [SILVER, usdt(120)],
      }),
    );
    expect(await chain.gateway.priceOf(SILVER)).toBe(usdt(120));
    const address: Address = await buyer(601, usdt(120));
    await mined(await chain.gateway.buyToken(user(601), id!));
    expect(await chain.gateway.usdtBalance(address)).toBe(0n);
    await mined(await chain.gateway.supply(SILVER, 1));
  });
});
