import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEther } from 'viem';
import { eq } from 'drizzle-orm';
import type { ChainGateway } from '../../chain/gateway';
import type { Database } from '../../db/client';
import { ledgerEntries, nfts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { insertUser } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { silentEvents, withdrawalsClosed, type CryptoContext } from './context';
import { createWalletReads, type WalletReads } from './wallet-reads';

/**
 * GET /api/crypto/wallet's reads on one process (decision 038), against a chain that counts what
 * it is asked: the answer is kept until a committed change of the wallet's tables or a new block,
 * a read that overlapped a change keeps nothing, and without a cache every request reads all. The
 * same on two processes and on the real chain: wallet-cache.test.ts.
 */
let database: Database;

/** A chain with a head and balances the test sets, counting reads; a read can be held until released. */
function fakeChain() {
  const state = {
    head: 100n,
    native: new Map<string, bigint>(),
    heads: 0,
    balances: 0,
    failHead: false,
    gasPrice: 1_000_000_000n,
    gasPrices: 0,
    failGasPrice: false,
  };
  let hold: Promise<void> | undefined;
  let release = () => {};
  let reached = () => {};
  const chain = {
    addressOf: (userId: number) => `0x${userId.toString(16).padStart(40, '0')}`,
    blockNumber: async () => {
      state.heads += 1;
      if (state.failHead) throw new Error('node down');
      return state.head;
    },
    nativeBalance: async (address: string) => {
      state.balances += 1;
      const value = state.native.get(address) ?? 0n;
      reached();
      await hold;
      return value;
    },
    gasPrice: async () => {
      state.gasPrices += 1;
      if (state.failGasPrice) throw new Error('node down');
      return state.gasPrice;
    },
    transferGasLimit: 60_000n,
  } as unknown as ChainGateway;
  return {
    chain,
    state,
    /** The next balance reads wait until `release()`; `reached` once one of them is waiting. */
    holdBalances() {
      hold = new Promise((resolve) => (release = resolve));
      const waiting = new Promise<void>((resolve) => (reached = resolve));
      return { release: () => release(), reached: waiting };
    },
  };
}

function setup(options: { ttlMs?: number; headFreshMs?: number } = {}) {
  const fake = fakeChain();
  const ctx: CryptoContext = {
    db: database.db,
    chain: fake.chain,
    events: silentEvents,
    withdrawals: withdrawalsClosed,
    bnbPriceUsd: 600,
    wake() {},
  };
  const reads = createWalletReads({
    ctx,
    ttlMs: options.ttlMs ?? 300_000,
    onRowsChanged: database.onRowsChanged,
    headFreshMs: options.headFreshMs ?? 3_600_000,
  });
  opened.push(reads);
  return { ...fake, reads };
}
const opened: WalletReads[] = [];

async function credit(userId: number, amount: string) {
  await database.db.insert(ledgerEntries).values([
    { userId, account: 'available', amount: parseEther(amount).toString(), memo: 'test credit' },
    { userId: null, account: 'external', amount: (-parseEther(amount)).toString(), memo: 'test credit' },
  ]);
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  for (const reads of opened.splice(0)) reads.close();
});

describe('the wallet answer kept per process', () => {
  it('answers again from what it kept, with one head read per freshness window', async () => {
    const { reads, state, chain } = setup();
    const user = await insertUser(database);
    state.native.set(chain.addressOf(user.id), parseEther('0.25'));
    await credit(user.id, '40');
    const first = await reads.get(user.id);
    expect(first).toMatchObject({ balance: '40', withdrawable: '40', nativeBalance: '0.25', nfts: [] });
    expect(await reads.get(user.id)).toEqual(first);
    expect(await reads.get(user.id)).toEqual(first);
    expect(state).toMatchObject({ heads: 1, balances: 1 });
    expect(reads.size).toBe(1);
  });

  describe('the fee it shows', () => {
    afterEach(() => void vi.useRealTimers());

    it('is the gas price of the last 3 s times a transfer, read once for every answer in them, and again after a failed read', async () => {
      vi.useFakeTimers({ toFake: ['performance'] });
      const { reads, state } = setup();
      const user = await insertUser(database);
      // 1 gwei * 60,000 gas
      expect((await reads.get(user.id)).transferFee).toBe('0.00006');
      state.gasPrice = 2_000_000_000n;
      expect((await reads.get(user.id)).transferFee).toBe('0.00006');
      expect(state.gasPrices).toBe(1);
      vi.advanceTimersByTime(3_000);
      expect((await reads.get(user.id)).transferFee).toBe('0.00012');
      expect(state.gasPrices).toBe(2);

      vi.advanceTimersByTime(3_000);
      state.failGasPrice = true;
      await expect(reads.get(user.id)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      state.failGasPrice = false;
      state.gasPrice = 3_000_000_000n;
      expect((await reads.get(user.id)).transferFee).toBe('0.00018');
      expect(state.gasPrices).toBe(4);
    });
  });

  it('reads the BNB balance again on a new block, and only then', async () => {
    const { reads, state, chain } = setup({ headFreshMs: 0 });
    const user = await insertUser(database);
    const address = chain.addressOf(user.id);
    state.native.set(address, parseEther('1'));
    expect((await reads.get(user.id)).nativeBalance).toBe('1');
    // The balance moved without a block (a node's own RPC): the head says nothing changed.
    state.native.set(address, parseEther('2'));
    expect((await reads.get(user.id)).nativeBalance).toBe('1');
    expect(state.balances).toBe(1);
    state.head += 1n;
    expect((await reads.get(user.id)).nativeBalance).toBe('2');
    expect(state.balances).toBe(2);
  });

  it('shows a committed change of the ledger, the tokens or a parent’s domain on the very next read', async () => {
    const { reads } = setup();
    const [user, parent] = [await insertUser(database), await insertUser(database, { domain: 'oldname' })];
    await credit(user.id, '10');
    expect((await reads.get(user.id)).balance).toBe('10');

    await credit(user.id, '5');
    expect((await reads.get(user.id)).balance).toBe('15');

    // Inside a transaction: at its commit, not before; a rollback changes nothing.
    await database.db
      .transaction(async (tx) => {
        await tx.insert(ledgerEntries).values([
          { userId: user.id, account: 'available', amount: parseEther('1').toString(), memo: 'rolled back' },
          { userId: null, account: 'external', amount: (-parseEther('1')).toString(), memo: 'rolled back' },
        ]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await reads.get(user.id)).balance).toBe('15');

    const tokenId = 9_000 + user.id;
    await database.db
      .insert(nfts)
      .values({ id: tokenId, type: 0, status: 'OWNED', ownerId: user.id, parent1Id: parent.id, parent2Id: null });
    expect((await reads.get(user.id)).nfts).toEqual([
      expect.objectContaining({ id: tokenId, level: 'SILVER', parent1: { id: parent.id, domain: 'oldname' } }),
    ]);
    await database.db.update(users).set({ domain: 'newname' }).where(eq(users.id, parent.id));
    expect((await reads.get(user.id)).nfts[0]!.parent1).toEqual({ id: parent.id, domain: 'newname' });
  });

  it('keeps nothing that a read overlapping a change saw', async () => {
    const { reads, state, holdBalances } = setup();
    const user = await insertUser(database);
    await credit(user.id, '10');
    const { release, reached } = holdBalances();
    const overlapping = reads.get(user.id);
    // The ledger row commits while that read waits for the chain.
    await reached;
    await credit(user.id, '7');
    release();
    await overlapping;
    expect(reads.size).toBe(0);
    expect((await reads.get(user.id)).balance).toBe('17');
    expect(state.balances).toBe(2);
  });

  it('shares one read among concurrent misses of one person', async () => {
    const { reads, state, holdBalances } = setup();
    const user = await insertUser(database);
    const { release } = holdBalances();
    const all = Promise.all(Array.from({ length: 20 }, () => reads.get(user.id)));
    release();
    expect(new Set((await all).map((w) => w.balance))).toEqual(new Set(['0']));
    expect(state).toMatchObject({ heads: 1, balances: 1 });
  });

  it('forgets every kept wallet when told (the faucet: BNB that left no row)', async () => {
    const { reads, state, chain } = setup();
    const user = await insertUser(database);
    expect((await reads.get(user.id)).nativeBalance).toBe('0');
    state.native.set(chain.addressOf(user.id), parseEther('0.01'));
    await reads.forget();
    expect((await reads.get(user.id)).nativeBalance).toBe('0.01');
    // The head is read again too: a forget may follow a block the head read before did not know.
    expect(state.heads).toBe(2);
  });

  it('reads everything on every request with SESSION_CACHE_SECONDS=0', async () => {
    const { reads, state } = setup({ ttlMs: 0 });
    const user = await insertUser(database);
    await reads.get(user.id);
    await reads.get(user.id);
    expect(state.balances).toBe(2);
    expect(reads.size).toBe(0);
  });

  it('answers CHAIN_UNAVAILABLE when the head cannot be read, and asks the node again next time', async () => {
    const { reads, state } = setup();
    const user = await insertUser(database);
    state.failHead = true;
    const failed = await reads.get(user.id).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).code).toBe('CHAIN_UNAVAILABLE');
    state.failHead = false;
    expect((await reads.get(user.id)).balance).toBe('0');
    expect(state.heads).toBe(2);
  });
});
