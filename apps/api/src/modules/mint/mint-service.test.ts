import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { eeeMarketAbi } from '@app/contracts/generated/eee-market';
import { NFT_TYPE } from '@app/shared/constants';
import type { Purchase, Wallet } from '@app/shared/schemas/crypto';
import type { MeetingView, MintResult } from '@app/shared/schemas/meet';
import type { ErrorBody } from '@app/shared/errors';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared/socket-events';
import { createTestApp, type TestApp } from '../../../test/app';
import { startTestChain, type TestChain } from '../../../test/chain';
import type { ChainGateway } from '../../chain/gateway';
import { cryptoTransactions, meetings, mintAttempts, nfts, purchases } from '../../db/schema';
import { walkingTogether } from '../../../test/kits/detector-tracks';
import { api, giveToken, kitUser, playTrack, recordMeeting, view, type KitUser } from '../../../test/kits/meetings';
import { pairOf } from '../meet/meetings/pair';
import { raiseRestriction } from '../meet/protection/restrictions';
import { mintDraw, quantizeRoll } from './mint-random';

/**
 * PATCH /api/crypto/nft/mint against the real contracts on a development chain: every unmet
 * requirement, a seeded draw that succeeds (a GENERATE record, a child token listed with both
 * parents on chain, a queued buyer served first), one that fails, a chain failure the pair may
 * retry, and two users pressing at once.
 */

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A seed whose draws fit the order of the draws below: success, success, failure, success (the
 * chain then fails), success (the retry). Found by looking, so the test does not hide a magic value.
 */
const PLAN = [true, true, false, true, true];
const SEED = (() => {
  for (let i = 0; ; i++) {
    const seed = `mint-test-${i}`;
    if (PLAN.every((success, n) => mintDraw(seed, n) < 0.5 === success)) return seed;
  }
})();

let chain: TestChain;
let t: TestApp;
let url: string;
let failMints = false;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  // The gateway as the app sees it, with a switch that makes mintChild fail like an unreachable node.
  const gateway = new Proxy(chain.gateway, {
    get(target, property, receiver) {
      if (property === 'mintChild' && failMints) return async () => Promise.reject(new Error('connect ECONNREFUSED'));
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as ChainGateway;
  t = await createTestApp({
    chain: gateway,
    env: { CLOCK_CONTROL: 'true', MINT_RANDOM_SEED: SEED, RATE_LIMIT_MAX: '1000000', RATE_LIMIT_AUTH_MAX: '10000' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
  await chain?.stop();
});

const user = () => kitUser(t.app, t.database);
const mint = (who: KitUser, peer: KitUser) =>
  api<MintResult & ErrorBody>(t.app, 'PATCH', '/crypto/nft/mint', who, { userId: peer.id });
let draws = 0;

/** Two users who hold Silver for a day and met and confirmed (unless told otherwise). */
async function readyPair(options: { held?: number; confirmedBy?: 'both' | 'none' } = {}) {
  const [a, b] = [await user(), await user()];
  await giveToken(t.services, a.id, NFT_TYPE.SILVER, options.held ?? DAY + HOUR);
  await giveToken(t.services, b.id, NFT_TYPE.SILVER, options.held ?? DAY + HOUR);
  await recordMeeting(t.services, a, b, options.confirmedBy === 'none' ? [] : [a, b]);
  return [a, b] as const;
}

async function online(who: KitUser) {
  const socket: ClientSocket = connect(url, {
    path: '/socket.io',
    reconnection: false,
    forceNew: true,
    transports: ['websocket'],
    auth: { accessKey: who.token },
  });
  sockets.push(socket);
  await new Promise((resolve) => socket.once('session:ready', resolve));
  const events: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return events;
}

const attemptsOf = async (a: KitUser, b: KitUser) => {
  const pair = pairOf(a.id, b.id);
  return t.database.db
    .select()
    .from(mintAttempts)
    .where(and(eq(mintAttempts.userLowId, pair.low), eq(mintAttempts.userHighId, pair.high)));
};
const unmetOf = (body: ErrorBody) =>
  (body.details as { requirements: { key: string; reason: string; values?: object }[] }).requirements;

async function settle(passes = 8) {
  for (let i = 0; i < passes; i++) {
    await chain.mine(1);
    await t.services.cryptoWorkers!.runOnce();
  }
}

describe('requirements', () => {
  it('refuses a pair that never met, and says what is missing', async () => {
    const [a, b] = [await user(), await user()];
    await giveToken(t.services, a.id, NFT_TYPE.SILVER, DAY + HOUR);
    await giveToken(t.services, b.id, NFT_TYPE.SILVER, DAY + HOUR);
    const res = await mint(a, b);
    expect(res).toMatchObject({ status: 409, body: { code: 'MINT_NOT_ALLOWED' } });
    expect(unmetOf(res.body)).toEqual([
      { key: 'met', reason: 'meeting.requirements.met.notYet', values: { minutes: 0, required: 20 } },
      { key: 'confirmed', reason: 'meeting.requirements.confirmed.meetFirst' },
    ]);
  });

  it('needs both confirmations', async () => {
    const [a, b] = await readyPair({ confirmedBy: 'none' });
    expect(unmetOf((await mint(a, b)).body)).toEqual([
      { key: 'confirmed', reason: 'meeting.requirements.confirmed.both' },
    ]);
    const code = (await view(t.app, b, a)).myCode.code;
    expect((await api(t.app, 'POST', `/meet/meetings/${b.id}/confirm`, a, { code })).status).toBe(200);
    expect(unmetOf((await mint(a, b)).body)).toEqual([
      { key: 'confirmed', reason: 'meeting.requirements.confirmed.peer' },
    ]);
    expect(unmetOf((await mint(b, a)).body)).toEqual([
      { key: 'confirmed', reason: 'meeting.requirements.confirmed.you' },
    ]);
  });

  it('needs a level both hold', async () => {
    const [a, b] = [await user(), await user()];
    await recordMeeting(t.services, a, b);
    expect(unmetOf((await mint(a, b)).body).map((r) => r.reason)).toEqual([
      'meeting.requirements.sameLevel.youHaveNone',
      'meeting.requirements.heldLongEnough.noLevel',
      'meeting.requirements.kyc.noLevel',
    ]);
    await giveToken(t.services, a.id, NFT_TYPE.SILVER, DAY + HOUR);
    expect(unmetOf((await mint(a, b)).body)[0]).toEqual({
      key: 'sameLevel',
      reason: 'meeting.requirements.sameLevel.peerHasNone',
    });
    await giveToken(t.services, b.id, NFT_TYPE.GOLD, DAY + HOUR);
    expect(unmetOf((await mint(a, b)).body)[0]).toEqual({
      key: 'sameLevel',
      reason: 'meeting.requirements.sameLevel.different',
      values: { mine: 'SILVER', peer: 'GOLD' },
    });
  });

  it('needs both tokens held for 24 hours, and says how long is left', async () => {
    const [a, b] = await readyPair({ held: 20 * HOUR });
    const [held] = unmetOf((await mint(a, b)).body);
    expect(held).toMatchObject({
      key: 'heldLongEnough',
      reason: 'meeting.requirements.heldLongEnough.both',
      values: { level: 'SILVER', hours: 4, required: 24 },
    });
    const [c, d] = [await user(), await user()];
    await giveToken(t.services, c.id, NFT_TYPE.SILVER, DAY + HOUR);
    await giveToken(t.services, d.id, NFT_TYPE.SILVER, 23 * HOUR + 30 * 60_000);
    await recordMeeting(t.services, c, d);
    expect(unmetOf((await mint(c, d)).body)).toEqual([
      {
        key: 'heldLongEnough',
        reason: 'meeting.requirements.heldLongEnough.peer',
        values: expect.objectContaining({ hours: 1 }),
      },
    ]);
  });

  it('needs KYC up to the level for Gold and above, and mints the level that is ready', async () => {
    const [a, b] = [await user(), await user()];
    await giveToken(t.services, a.id, NFT_TYPE.GOLD, DAY + HOUR);
    await giveToken(t.services, b.id, NFT_TYPE.GOLD, DAY + HOUR);
    await recordMeeting(t.services, a, b);
    expect(unmetOf((await mint(a, b)).body)).toEqual([
      { key: 'kyc', reason: 'meeting.requirements.kyc.both', values: { level: 'GOLD' } },
    ]);
    expect((await view(t.app, a, b)).mintLevel).toBe('GOLD');
    // With Silver as well, Silver (no KYC needed) is the level a mint would be of.
    await giveToken(t.services, a.id, NFT_TYPE.SILVER, DAY + HOUR);
    await giveToken(t.services, b.id, NFT_TYPE.SILVER, DAY + HOUR);
    expect(await view(t.app, a, b)).toMatchObject({ mintLevel: 'SILVER', canMint: true });
  });

  it('refuses while either of the two is restricted, with the time left', async () => {
    const [a, b] = await readyPair();
    await raiseRestriction(t.database.db, { userId: b.id, reason: 'impossible_movement', at: t.services.clock.now() });
    const mine = await mint(b, a);
    expect(mine).toMatchObject({ status: 403, body: { code: 'MINT_RESTRICTED' } });
    expect(unmetOf(mine.body)).toEqual([
      {
        key: 'notRestricted',
        reason: 'meeting.requirements.notRestricted.you',
        values: expect.objectContaining({ reason: 'impossible_movement', hours: 24 }),
      },
    ]);
    expect(unmetOf((await mint(a, b)).body)).toEqual([
      { key: 'notRestricted', reason: 'meeting.requirements.notRestricted.peer' },
    ]);
    expect(await attemptsOf(a, b)).toEqual([]);
  });

  it('refuses a pair whose attempt is in progress, and bad requests', async () => {
    const [a, b] = await readyPair();
    const pair = pairOf(a.id, b.id);
    const [meeting] = await t.database.db.select().from(meetings).where(eq(meetings.userLowId, pair.low));
    await t.database.db.insert(mintAttempts).values({
      meetingId: meeting!.id,
      userLowId: pair.low,
      userHighId: pair.high,
      requestedBy: a.id,
      type: 0,
      outcome: 'pending',
      chance: '0.5',
      roll: '0.1',
    });
    expect((await mint(b, a)).body.code).toBe('MINT_IN_PROGRESS');
    expect((await view(t.app, a, b)).requirements.find((r) => r.key === 'pairNotMinted')).toMatchObject({
      met: false,
      reason: 'meeting.requirements.pairNotMinted.inProgress',
    });
    expect((await mint(a, a)).body.code).toBe('SELF_ACTION_NOT_ALLOWED');
    expect((await mint(a, { ...a, id: 99_999_999 })).status).toBe(404);
    expect((await api<ErrorBody>(t.app, 'PATCH', '/crypto/nft/mint', a, { userId: 'x' })).body.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await api<ErrorBody>(t.app, 'PATCH', '/crypto/nft/mint', null, { userId: b.id })).status).toBe(401);
  });
});

describe('the draw', () => {
  it('mints after a real meeting and both scans: a GENERATE record each, a child token listed with both parents on chain', async () => {
    const [a, b] = [await user(), await user()];
    await giveToken(t.services, a.id, NFT_TYPE.SILVER, DAY + HOUR);
    await giveToken(t.services, b.id, NFT_TYPE.SILVER, DAY + HOUR);
    await playTrack(t, walkingTogether(7).fixes, a, b);
    for (const [scanner, shower] of [
      [a, b],
      [b, a],
    ] as const) {
      const code = (await view(t.app, shower, scanner)).myCode.code;
      expect((await api(t.app, 'POST', `/meet/meetings/${shower.id}/confirm`, scanner, { code })).status).toBe(200);
    }
    expect((await view(t.app, a, b)).canMint).toBe(true);
    const [eventsA, eventsB] = [await online(a), await online(b)];

    const res = await mint(a, b);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'success', level: 'SILVER', chance: 0.5 });
    const [attempt] = await attemptsOf(a, b);
    expect(attempt).toMatchObject({
      outcome: 'success',
      requestedBy: a.id,
      chance: '0.50000',
      roll: quantizeRoll(mintDraw(SEED, draws++)).toFixed(10),
    });

    const nftId = res.body.nftId!;
    const [token] = await t.database.db.select().from(nfts).where(eq(nfts.id, nftId));
    const pair = pairOf(a.id, b.id);
    expect(token).toMatchObject({
      type: NFT_TYPE.SILVER,
      status: 'LISTED',
      ownerId: null,
      parent1Id: pair.low,
      parent2Id: pair.high,
    });
    expect((await chain.gateway.ownerOf(nftId)).toLowerCase()).toBe(chain.gateway.marketAddress.toLowerCase());
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const parents = await client.readContract({
      address: chain.gateway.marketAddress,
      abi: eeeMarketAbi,
      functionName: 'parentsOf',
      args: [BigInt(nftId)],
    });
    expect(parents.map((p) => p.toLowerCase())).toEqual([
      chain.gateway.addressOf(pair.low).toLowerCase(),
      chain.gateway.addressOf(pair.high).toLowerCase(),
    ]);

    const generate = await t.database.db
      .select()
      .from(cryptoTransactions)
      .where(and(eq(cryptoTransactions.type, 'GENERATE'), eq(cryptoTransactions.nftId, nftId)));
    expect(generate.map((g) => g.userId).sort()).toEqual([a.id, b.id].sort());
    expect(
      generate.every((g) => g.status === 'CONFIRMED' && g.amount === '0' && g.txHash === token!.createdTxHash),
    ).toBe(true);
    expect(res.body.transactionId).toBe(generate.find((g) => g.userId === a.id)!.id);
    const txList = await api<{ items: { type: string; nftId: number }[] }>(
      t.app,
      'GET',
      '/crypto/transaction?type=GENERATE',
      b,
    );
    expect(txList.body.items).toEqual([expect.objectContaining({ type: 'GENERATE', nftId })]);

    await new Promise((r) => setTimeout(r, 300));
    for (const [events, me, peer] of [
      [eventsA, a, b],
      [eventsB, b, a],
    ] as const) {
      const result = events.find((e) => e.event === 'mint:result')?.payload as { peerId: number; result: MintResult };
      expect(result).toMatchObject({
        peerId: peer.id,
        result: { outcome: 'success', nftId, transactionId: generate.find((g) => g.userId === me.id)!.id },
      });
      expect(events.find((e) => e.event === 'wallet:changed')?.payload).toMatchObject({ reason: 'mint' });
      expect(events.find((e) => e.event === 'notification')?.payload).toMatchObject({
        text: 'notifications.mintSucceeded',
        values: { level: 'SILVER', id: nftId },
      });
      const update = events.filter((e) => e.event === 'meeting:update').at(-1)?.payload as { view: MeetingView };
      expect(update.view.lastMint).toMatchObject({ outcome: 'success', nftId });
    }

    const after = await view(t.app, b, a);
    expect(after).toMatchObject({ canMint: false, lastMint: { outcome: 'success', nftId } });
    expect(after.requirements.find((r) => r.key === 'pairNotMinted')).toMatchObject({
      met: false,
      reason: 'meeting.requirements.pairNotMinted.minted',
    });
    expect((await mint(b, a)).body.code).toBe('PAIR_ALREADY_MINTED');
    expect(await attemptsOf(a, b)).toHaveLength(1);
  });

  it('serves the head of the queue first with the new token', async () => {
    const buyer = await user();
    const { address } = (await api<Wallet>(t.app, 'GET', '/crypto/wallet', buyer)).body;
    await chain.mintUsdt(address as Address, parseEther('150'));
    await settle(chain.gateway.confirmations + 2);
    // Whatever is on sale (earlier mints) is taken off, so the buyer has to queue.
    await t.database.db
      .update(nfts)
      .set({ status: 'OWNED', ownerId: null, listedAt: null })
      .where(eq(nfts.status, 'LISTED'));
    const market = await api<{ levels: { level: string; stock: number }[] }>(t.app, 'GET', '/crypto/market', null);
    expect(market.body.levels.find((l) => l.level === 'SILVER')!.stock).toBe(0);
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/nft/buy',
      headers: { ...buyer.headers, 'idempotency-key': 'mint-queue-0001' },
      payload: { level: 'SILVER', agreeTerms: true },
    });
    expect(queued.json()).toMatchObject({ status: 'QUEUED', queuePosition: 1 });

    const [a, b] = await readyPair();
    const res = await mint(b, a);
    draws++;
    expect(res.body).toMatchObject({ outcome: 'success' });
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.userId, buyer.id));
    expect(purchase).toMatchObject({ status: 'PROCESSING', nftId: res.body.nftId });
    await settle();
    const done = (await api<Purchase>(t.app, 'GET', `/crypto/nft/purchase/${purchase!.id}`, buyer)).body;
    expect(done.status).toBe('COMPLETED');
    expect((await chain.gateway.ownerOf(res.body.nftId!)).toLowerCase()).toBe(
      chain.gateway.addressOf(buyer.id).toLowerCase(),
    );
    const wallet = (await api<Wallet>(t.app, 'GET', '/crypto/wallet', buyer)).body;
    expect(wallet.nfts).toEqual([
      expect.objectContaining({ id: res.body.nftId, parent1: expect.objectContaining({ id: Math.min(a.id, b.id) }) }),
    ]);
  });

  it('records a draw that did not succeed; the pair cannot try again', async () => {
    const [a, b] = await readyPair();
    const stock = await t.database.db.select().from(nfts);
    const res = await mint(a, b);
    const roll = quantizeRoll(mintDraw(SEED, draws++));
    expect(roll).toBeGreaterThanOrEqual(0.5);
    expect(res.body).toMatchObject({
      outcome: 'failure',
      level: 'SILVER',
      chance: 0.5,
      nftId: null,
      transactionId: null,
    });
    expect(await attemptsOf(a, b)).toEqual([
      expect.objectContaining({ outcome: 'failure', roll: roll.toFixed(10), nftId: null }),
    ]);
    expect(await t.database.db.select().from(nfts)).toHaveLength(stock.length);
    expect((await mint(b, a)).body.code).toBe('PAIR_ALREADY_MINTED');
    expect((await view(t.app, a, b)).requirements.find((r) => r.key === 'pairNotMinted')).toMatchObject({
      reason: 'meeting.requirements.pairNotMinted.failed',
    });
  });

  it('calls a chain failure technical; the pair tries again and mints', async () => {
    const [a, b] = await readyPair();
    failMints = true;
    const res = await mint(a, b);
    failMints = false;
    draws++;
    expect(res.body).toMatchObject({ outcome: 'technical_failure', nftId: null });
    expect(await attemptsOf(a, b)).toEqual([
      expect.objectContaining({ outcome: 'technical_failure', error: 'MINT_NOT_SENT' }),
    ]);
    const between = await view(t.app, a, b);
    expect(between).toMatchObject({ canMint: true, lastMint: { outcome: 'technical_failure' } });

    const again = await mint(b, a);
    draws++;
    expect(again.body).toMatchObject({ outcome: 'success' });
    expect((await attemptsOf(a, b)).map((x) => x.outcome).sort()).toEqual(['success', 'technical_failure']);
  });

  it('lets exactly one of two simultaneous requests of the pair through', async () => {
    const [a, b] = await readyPair();
    const results = await Promise.all([mint(a, b), mint(b, a)]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const other = results.find((r) => r.status !== 200)!;
    expect(['MINT_IN_PROGRESS', 'PAIR_ALREADY_MINTED']).toContain(other.body.code);
    expect(await attemptsOf(a, b)).toHaveLength(1);
    expect((await mint(a, b)).body.code).toBe('PAIR_ALREADY_MINTED');
  });
});
