/**
 * One side of the kill-and-restart suite (src/crash-safety-*.test.ts, harness crash-suite.ts), run
 * as its own process:
 *   tsx scenario.ts act <name>      starts the API on the shared chain and database and does the
 *                                   risky thing; CRASH_AT kills it (SIGKILL) at the named point
 *   tsx scenario.ts recover <name>  starts the API again as an operator would, waits until the
 *                                   work finished by itself, checks the books against the chain
 *                                   and prints one JSON line with what it found
 * The parent seeds users 1 and 2 with their wallets into a fresh database and funds their deposit
 * addresses on the chain before `act`.
 */
import { KIT_STEP_UP } from '../kits/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { createPublicClient, http, type Address } from 'viem';
import { eeeMarketAbi } from '@app/contracts/generated/eee-market';
import { NFT_TYPE } from '@app/shared/constants';
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/start-server';
import {
  chainSends,
  cpaConversions,
  cpaLinks,
  cpaPartners,
  cpaPayouts,
  cryptoTransactions,
  ledgerEntries,
  mintAttempts,
  nfts,
  purchases,
  users,
} from '../../src/db/schema';
import { HEADERS } from '@app/shared/constants';
import { api, giveToken, recordMeeting, type KitUser } from '../kits/meetings';

export const SCENARIOS = [
  'purchase-gas',
  'purchase-buy',
  'withdrawal',
  'mint',
  'supply',
  'deposit-scan',
  'partner-payout',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
export const WITHDRAW_TO = '0x00000000000000000000000000000000c0ffee01' as Address;

const [phase, name] = process.argv.slice(2) as ['act' | 'recover', Scenario];
const config = loadConfig();
const { app, services } = await startServer(config);
const { db } = services.database;
const HOUR = 3_600_000;

async function until<T>(
  what: string,
  read: () => Promise<T | undefined | null | false>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${await diagnosis()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What the database holds, for a failure message. */
async function diagnosis() {
  const rows = await db.select().from(cryptoTransactions);
  const cursors = await services.database.executeSql('select name, block from chain_cursors');
  return JSON.stringify(
    { transactions: rows.map((r) => `${r.type}:${r.status}:${r.confirmations}`), cursors: cursors.rows },
    (_, v) => (typeof v === 'bigint' ? v.toString() : v),
  );
}

async function balanceOf(userId: number): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'available')));
  return BigInt(row!.sum);
}

const usdt = (n: number) => BigInt(n) * 10n ** 18n;

/** User 1 or 2, seeded with their wallet by the parent, signed in. */
async function user(n: number): Promise<KitUser> {
  const token = await app.tokens.sign(n);
  return {
    id: n,
    domain: `crash${n}`,
    token,
    headers: { authorization: `Bearer ${token}`, [HEADERS.fingerprint]: `fp-crash-${n}` },
  };
}

async function act() {
  switch (name) {
    case 'purchase-gas':
    case 'purchase-buy': {
      const buyer = await user(1);
      const admin = await user(2);
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      const supplied = await app.inject({
        method: 'PUT',
        url: '/api/crypto/admin/supply',
        headers: admin.headers,
        payload: { level: 'SILVER', count: 1 },
      });
      if (supplied.statusCode !== 200) throw new Error(`supply answered ${supplied.statusCode}: ${supplied.body}`);
      await until('the deposit', async () => (await balanceOf(1)) >= usdt(150));
      const res = await app.inject({
        method: 'POST',
        url: '/api/crypto/nft/buy',
        headers: { ...buyer.headers, 'idempotency-key': 'crash-purchase-1' },
        payload: { level: 'SILVER', agreeTerms: true },
      });
      if (res.statusCode !== 200) throw new Error(`buy answered ${res.statusCode}: ${res.body}`);
      break;
    }
    case 'withdrawal': {
      const owner = await user(1);
      await until('the deposit', async () => (await balanceOf(1)) >= usdt(50));
      const res = await app.inject({
        method: 'POST',
        url: '/api/crypto/wallet/withdraw/',
        headers: { ...owner.headers, 'idempotency-key': 'crash-withdrawal-1' },
        payload: { currency: 'USDT', address: WITHDRAW_TO, amount: '20', stepUp: KIT_STEP_UP },
      });
      if (res.statusCode !== 200) throw new Error(`withdraw answered ${res.statusCode}: ${res.body}`);
      break;
    }
    case 'mint': {
      const [a, b] = [await user(1), await user(2)];
      await giveToken(services, a.id, NFT_TYPE.SILVER, 25 * HOUR);
      await giveToken(services, b.id, NFT_TYPE.SILVER, 25 * HOUR);
      await recordMeeting(services, a, b);
      await api(app, 'PATCH', '/crypto/nft/mint', a, { userId: b.id });
      break;
    }
    case 'supply': {
      const admin = await user(1);
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      await app.inject({
        method: 'PUT',
        url: '/api/crypto/admin/supply',
        headers: admin.headers,
        payload: { level: 'SILVER', count: 2 },
      });
      break;
    }
    case 'deposit-scan': {
      await user(1);
      break;
    }
    case 'partner-payout': {
      // User 1 is an approved partner with two approved rewards (0.2 and 5 USDT) of user 2.
      const partner = await user(1);
      await db.insert(cpaPartners).values({
        userId: 1,
        status: 'approved',
        trafficSources: 'crash',
        contact: 'crash',
        secret: 'whsec_Y3Jhc2gtY3Jhc2gtY3Jhc2gtY3Jhc2gtY3Jhc2gtYQ==',
      });
      const [link] = await db.insert(cpaLinks).values({ userId: 1, name: 'Crash', landing: '/' }).returning();
      for (const [action, payout] of [
        ['fill_profile', usdt(1) / 5n],
        ['purchase', usdt(5)],
      ] as const)
        await db.insert(cpaConversions).values({
          linkId: link!.id,
          partnerId: 1,
          userId: 2,
          action,
          source: action,
          payout: payout.toString(),
          status: 'approved',
          holdUntil: new Date(0),
        });
      const res = await app.inject({ method: 'POST', url: '/api/cpa/rewards', headers: partner.headers });
      if (res.statusCode !== 200) throw new Error(`payout answered ${res.statusCode}: ${res.body}`);
      break;
    }
  }
  // The crash point should have killed the process by now; if it did not, the test fails.
  await new Promise((r) => setTimeout(r, 60_000));
  process.stdout.write(`REPORT ${JSON.stringify({ error: 'the crash point was never reached' })}\n`);
  process.exit(3);
}

/** What both sides of every movement must still say after the restart. */
async function books() {
  const [sum] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries);
  const stuck = await db
    .select()
    .from(cryptoTransactions)
    .where(sql`${cryptoTransactions.status} in ('REQUESTED', 'PROCESSING')`);
  const unsettled = await db
    .select()
    .from(chainSends)
    .where(sql`${chainSends.settledAt} is null`);
  return { ledgerTotal: sum!.total, stuckTransactions: stuck.length, unsettledSends: unsettled.map((s) => s.purpose) };
}

async function recover() {
  const client = createPublicClient({ transport: http(config.CHAIN_RPC_URL!) });
  const ownerOf = (id: number) =>
    client.readContract({
      address: config.CHAIN_MARKET_ADDRESS as Address,
      abi: eeeMarketAbi,
      functionName: 'ownerOf',
      args: [BigInt(id)],
    });
  const usdtOf = (address: Address) =>
    client.readContract({
      address: config.CHAIN_USDT_ADDRESS as Address,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ name: 'a', type: 'address' }],
          outputs: [{ type: 'uint256' }],
        },
      ] as const,
      functionName: 'balanceOf',
      args: [address],
    });
  let report: Record<string, unknown> = {};
  switch (name) {
    case 'purchase-gas':
    case 'purchase-buy': {
      const purchase = await until('the purchase to finish', async () => {
        const [row] = await db.select().from(purchases).where(eq(purchases.userId, 1));
        return row && row.status !== 'PROCESSING' && row.status !== 'QUEUED' ? row : null;
      });
      const steps = await db.select().from(cryptoTransactions).where(eq(cryptoTransactions.purchaseId, purchase.id));
      const buys = await db.select().from(chainSends).where(eq(chainSends.purpose, 'BUY_NFT'));
      report = {
        status: purchase.status,
        dbOwner: (await db.select().from(nfts).where(eq(nfts.id, purchase.nftId!)))[0]?.ownerId,
        chainOwnerIsBuyer: (await ownerOf(purchase.nftId!)).toLowerCase() === (await addressOf(1)).toLowerCase(),
        steps: steps.map((s) => `${s.type}:${s.status}`),
        minedBuys: buys.filter((b) => b.outcome === 'mined').length,
        available: (await balanceOf(1)).toString(),
      };
      break;
    }
    case 'withdrawal': {
      const row = await until('the withdrawal to finish', async () => {
        const [r] = await db.select().from(cryptoTransactions).where(eq(cryptoTransactions.type, 'OUTPUT'));
        return r && (r.status === 'CONFIRMED' || r.status === 'FAIL') ? r : null;
      });
      report = {
        status: row.status,
        received: (await usdtOf(WITHDRAW_TO)).toString(),
        available: (await balanceOf(1)).toString(),
      };
      break;
    }
    case 'mint': {
      const attempt = await until('the mint to finish', async () => {
        const [r] = await db.select().from(mintAttempts);
        return r && r.outcome !== 'pending' ? r : null;
      });
      const child = attempt.nftId ? (await db.select().from(nfts).where(eq(nfts.id, attempt.nftId)))[0] : undefined;
      const minted = await db.select().from(chainSends).where(eq(chainSends.purpose, 'mint'));
      report = {
        outcome: attempt.outcome,
        child: child && { status: child.status, parents: [child.parent1Id, child.parent2Id] },
        chainHolderIsMarket: attempt.nftId
          ? (await ownerOf(attempt.nftId)).toLowerCase() === String(config.CHAIN_MARKET_ADDRESS).toLowerCase()
          : false,
        mintSends: minted.length,
      };
      break;
    }
    case 'supply': {
      const listed = await until('the supply to be listed', async () => {
        const rows = await db
          .select()
          .from(nfts)
          .where(and(eq(nfts.type, NFT_TYPE.SILVER), eq(nfts.status, 'LISTED')));
        return rows.length >= 2 ? rows : null;
      });
      await new Promise((r) => setTimeout(r, 2_000));
      const again = await db.select().from(nfts).where(eq(nfts.type, NFT_TYPE.SILVER));
      const holders = await Promise.all(listed.map((t) => ownerOf(t.id)));
      report = {
        listed: again.length,
        onChainWithMarket: holders.every((h) => h.toLowerCase() === String(config.CHAIN_MARKET_ADDRESS).toLowerCase()),
        supplySends: (await db.select().from(chainSends).where(eq(chainSends.purpose, 'supply'))).length,
      };
      break;
    }
    case 'deposit-scan': {
      await until('three deposits', async () => {
        const rows = await db
          .select()
          .from(cryptoTransactions)
          .where(and(eq(cryptoTransactions.type, 'INPUT'), eq(cryptoTransactions.status, 'CONFIRMED')));
        return rows.length >= 3;
      });
      await new Promise((r) => setTimeout(r, 2_000));
      const rows = await db.select().from(cryptoTransactions).where(eq(cryptoTransactions.type, 'INPUT'));
      report = { deposits: rows.length, available: (await balanceOf(1)).toString() };
      break;
    }
    case 'partner-payout': {
      const payout = await until('the payout to be paid', async () => {
        const [row] = await db.select().from(cpaPayouts);
        return row?.status === 'paid' ? row : null;
      });
      await until('the REWARD to be credited', async () => (await balanceOf(1)) > 0n);
      await new Promise((r) => setTimeout(r, 2_000));
      const rewards = await db.select().from(cryptoTransactions).where(eq(cryptoTransactions.type, 'REWARD'));
      report = {
        payout: payout.status,
        rewards: rewards.map((r) => `${r.status}:${r.amount}`),
        onChain: (await usdtOf(await addressOf(1))).toString(),
        available: (await balanceOf(1)).toString(),
        payoutSends: (await db.select().from(chainSends).where(eq(chainSends.purpose, 'payout'))).length,
      };
      break;
    }
  }
  // Whatever a pass had in flight settles within a few polls.
  await until('the chain journal to settle', async () => (await books()).unsettledSends.length === 0, 30_000).catch(
    () => undefined,
  );
  process.stdout.write(`REPORT ${JSON.stringify({ ...report, ...(await books()) })}\n`);
  await app.close();
  process.exit(0);
}

async function addressOf(userId: number): Promise<Address> {
  const { mnemonicToAccount } = await import('viem/accounts');
  return mnemonicToAccount(config.CHAIN_MNEMONIC!, { addressIndex: userId }).address;
}

try {
  if (phase === 'act') await act();
  else await recover();
} catch (error) {
  process.stdout.write(`REPORT ${JSON.stringify({ error: String(error) })}\n`);
  process.exit(2);
}
