import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { NFT_TYPE } from '@app/shared/constants';
import { createTestApp, insertUser, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import { nfts, reconciliationDifferences } from '../../db/schema';
import { silentEvents, withdrawalsClosed, type CryptoContext } from './context';
import { awaitCreated, recordCreatedTokens } from './market-service';
import { openDifferences, reconcile } from './reconciliation';
import { RECONCILE_JOB } from './reconciliation-job';
import { ensureWallet } from './wallet-service';

/**
 * Reconciliation against a real chain: planted differences (a token the books never recorded, a
 * token the books give to the wrong person, USDT on a custodial address that the ledger lacks) are
 * found, the safe one is repaired, and fixing the rest resolves them at the next run.
 */
let chain: TestChain;
let t: TestApp;
let ctx: CryptoContext;

beforeAll(async () => {
  chain = await startTestChain({ confirmations: 1 });
  t = await createTestApp({ chain: chain.gateway, env: { RECONCILE_INTERVAL_MINUTES: '1440' } });
  ctx = {
    db: t.database.db,
    chain: chain.gateway,
    events: silentEvents,
    withdrawals: withdrawalsClosed,
    bnbPriceUsd: 600,
    wake() {},
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const kindsOf = (found: { kind: string; subject: string; repaired: boolean }[]) =>
  found.map((d) => `${d.kind}:${d.subject}:${d.repaired ? 'repaired' : 'open'}`).sort();

describe('reconciliation', () => {
  it('finds nothing when the books and the chain agree', async () => {
    const hash = await chain.gateway.supply(NFT_TYPE.SILVER, 2);
    await recordCreatedTokens(ctx, { ids: await awaitCreated(ctx, hash), type: NFT_TYPE.SILVER, txHash: hash });
    const user = await insertUser(t.database);
    await ensureWallet(ctx, user.id);
    expect((await reconcile(ctx)).differences).toEqual([]);
  });

  it('records planted differences, repairs the token the market still lists, and resolves what was fixed', async () => {
    // A supply the books never recorded (a crash before the journal existed, a send from outside).
    const hash = await chain.gateway.supply(NFT_TYPE.GOLD, 1);
    const [unrecorded] = await awaitCreated(ctx, hash);
    // A token the books give to someone who does not hold it on chain.
    const [listed] = await t.database.db.select().from(nfts).where(eq(nfts.status, 'LISTED')).limit(1);
    const holder = await insertUser(t.database);
    await ensureWallet(ctx, holder.id);
    await t.database.db.update(nfts).set({ status: 'OWNED', ownerId: holder.id }).where(eq(nfts.id, listed!.id));
    // USDT on a custodial address that no deposit credited (the watcher is not running here).
    const rich = await insertUser(t.database);
    const address = await ensureWallet(ctx, rich.id);
    await chain.mintUsdt(address as Address, parseEther('5'));

    const first = await reconcile(ctx);
    expect(kindsOf(first.differences)).toEqual(
      [
        `custodial_usdt:user:${rich.id}:open`,
        `token_missing:token:${unrecorded}:repaired`,
        `token_owner:token:${listed!.id}:open`,
      ].sort(),
    );
    const owner = first.differences.find((d) => d.kind === 'token_owner')!;
    expect(owner.expected!.toLowerCase()).toBe(chain.gateway.addressOf(holder.id).toLowerCase());
    expect(owner.actual!.toLowerCase()).toBe(chain.gateway.marketAddress.toLowerCase());
    // The repair: the token is listed in the books with its level from the chain.
    const [repaired] = await t.database.db.select().from(nfts).where(eq(nfts.id, unrecorded!));
    expect(repaired).toMatchObject({ status: 'LISTED', type: NFT_TYPE.GOLD });
    expect((await openDifferences(ctx)).map((d) => d.kind).sort()).toEqual(['custodial_usdt', 'token_owner']);

    // A second run records nothing new for what is still open.
    await reconcile(ctx);
    expect(await openDifferences(ctx)).toHaveLength(2);
    expect(await t.database.db.select().from(reconciliationDifferences)).toHaveLength(3);

    // Put the token back: that difference is resolved, the money one stays for a person.
    await t.database.db.update(nfts).set({ status: 'LISTED', ownerId: null }).where(eq(nfts.id, listed!.id));
    await reconcile(ctx);
    expect((await openDifferences(ctx)).map((d) => d.subject)).toEqual([`user:${rich.id}`]);
  });

  it('flags a treasury that runs out of gas money', async () => {
    await chain.setNative(chain.gateway.treasuryAddress, parseEther('0.01'));
    const { differences } = await reconcile(ctx);
    expect(differences.map((d) => d.kind)).toContain('treasury_bnb_low');
    await chain.setNative(chain.gateway.treasuryAddress, parseEther('1000'));
    await reconcile(ctx);
    expect((await openDifferences(ctx)).map((d) => d.kind)).not.toContain('treasury_bnb_low');
  });

  it('is booked as a durable job for the next interval', async () => {
    const counts = await t.services.jobs.counts(RECONCILE_JOB);
    expect(counts.created).toBe(1);
  });
});
