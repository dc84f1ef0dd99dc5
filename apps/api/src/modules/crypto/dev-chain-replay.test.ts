import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEther, type Address } from 'viem';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppServices } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { StartedChain } from '../../chain/start-chain';
import { TEST_JWT_SECRET, testConfig } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { startTestChain, type TestChain } from '../../../test/chain';
import { onFreshDevChain } from './dev-chain-replay';

/**
 * `npm start` twice: the development chain starts empty, the embedded database does not. The
 * second start must find every token and every user's USDT where the database says they are.
 */
let database: Database;
const chains: TestChain[] = [];
const apps: FastifyInstance[] = [];

async function appOn(chain: TestChain) {
  const built = await buildApp(testConfig({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_AUTH_MAX: '100000' }), {
    database,
    jwtSecret: TEST_JWT_SECRET,
    chain: chain.gateway,
  });
  await built.app.ready();
  apps.push(built.app);
  return built;
}

const started = (chain: TestChain) =>
  ({ gateway: chain.gateway, fresh: true, devChain: chain.devChain, faucet: null }) as unknown as StartedChain;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const chain of chains) await chain.stop();
  await database?.close();
});

it('replays tokens and balances onto a fresh development chain without crediting them twice', async () => {
  const first = await startTestChain();
  chains.push(first);
  const { app, services } = await appOn(first);
  // A brand-new installation gets a starting supply to buy from.
  await onFreshDevChain(services, started(first), app.log);
  const market = (await app.inject({ url: '/api/crypto/market' })).json() as {
    levels: { level: string; stock: number }[];
  };
  expect(market.levels.map((l) => l.stock)).toEqual([10, 5, 2]);

  const buyer = (await database.db.insert(users).values({ email: 'replay@example.com' }).returning())[0]!;
  const auth = { authorization: `Bearer ${await app.tokens.sign(buyer.id)}` };
  await app.inject({ url: '/api/crypto/wallet', headers: auth });
  await first.mintUsdt(first.gateway.addressOf(buyer.id) as Address, parseEther('150'));
  const settle = async (chain: TestChain, on: AppServices) => {
    for (let i = 0; i < 6; i++) {
      await chain.mine(1);
      await on.cryptoWorkers!.runOnce();
    }
  };
  await settle(first, services);
  const bought = await app.inject({
    method: 'POST',
    url: '/api/crypto/nft/buy',
    headers: { ...auth, 'idempotency-key': 'replay-buy-1' },
    payload: { level: 'SILVER', agreeTerms: true },
  });
  expect(bought.statusCode).toBe(200);
  await settle(first, services);
  const before = (await app.inject({ url: '/api/crypto/wallet', headers: auth })).json() as {
    balance: string;
    nfts: { id: number }[];
  };
  expect(before.balance).toBe('50');
  const tokenId = before.nfts[0]!.id;
  await app.close();

  // The restart: same keys, an empty chain.
  const second = await startTestChain({ mnemonic: first.mnemonic, treasuryPrivateKey: first.treasuryPrivateKey });
  chains.push(second);
  const { app: again, services: againServices } = await appOn(second);
  await onFreshDevChain(againServices, started(second), again.log);

  const buyerAddress = second.gateway.addressOf(buyer.id);
  expect((await second.gateway.ownerOf(tokenId)).toLowerCase()).toBe(buyerAddress.toLowerCase());
  expect(await second.gateway.usdtBalance(buyerAddress)).toBe(parseEther('50'));
  // Listed tokens are listed again under their ids, and no second starting supply appears.
  expect((await second.gateway.ownerOf(tokenId + 1)).toLowerCase()).toBe(second.gateway.marketAddress.toLowerCase());
  const after = (await again.inject({ url: '/api/crypto/market' })).json() as { levels: { stock: number }[] };
  expect(after.levels.map((l) => l.stock)).toEqual([9, 5, 2]);

  await settle(second, againServices);
  const wallet = (await again.inject({ url: '/api/crypto/wallet', headers: auth })).json() as { balance: string };
  expect(wallet.balance).toBe('50');
}, 120_000);
