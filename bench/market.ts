/**
 * `npm run bench` (second part): the marketplace read (GET /api/crypto/market, several SQL
 * aggregates per request) in requests per second, and the time from a deposit reaching its
 * confirmations on the chain to the balance showing it, with the chain workers polling as in
 * production (CHAIN_POLL_INTERVAL_MS, BENCH_POLL_MS here).
 */
import autocannon from 'autocannon';
import { parseEther, type Address } from 'viem';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { startTestChain } from '../apps/api/test/chain';
import { balancesOf } from '../apps/api/src/modules/crypto/ledger';
import { users } from '../apps/api/src/db/schema';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pollMs = Number(process.env.BENCH_POLL_MS ?? 3000);
const deposits = Number(process.env.BENCH_DEPOSITS ?? 10);

const chain = await startTestChain();
const config = testConfig({ RATE_LIMIT_MAX: String(1e9), CHAIN_POLL_INTERVAL_MS: String(pollMs) });
const database = await createTestDatabase();
const { app, services } = await buildApp(config, {
  database,
  jwtSecret: 'bench-secret-0123456789-0123456789-0123',
  chain: chain.gateway,
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const admin = (await database.db.insert(users).values({ email: 'admin@bench.test', role: 'admin' }).returning())[0]!;
const adminAuth = { authorization: `Bearer ${await app.tokens.sign(admin.id)}` };
for (const level of ['SILVER', 'GOLD', 'PLATINUM']) {
  await app.inject({
    method: 'PUT',
    url: '/api/crypto/admin/supply',
    headers: adminAuth,
    payload: { level, count: 20 },
  });
}

console.log(`\nmarket: autocannon ${connections} connections, ${seconds} s, database ${database.driver}`);
const market = await autocannon({ url: `${url}/api/crypto/market`, connections, duration: seconds });
console.log(
  `GET /api/crypto/market       ${market.requests.average.toFixed(0).padStart(8)} req/s   p99 ${market.latency.p99} ms   errors ${market.errors + market.non2xx}`,
);

// Deposit latency: from the block that gives the deposit its last confirmation to the credited balance.
const user = (await database.db.insert(users).values({ email: 'depositor@bench.test' }).returning())[0]!;
await app.inject({
  method: 'GET',
  url: '/api/crypto/wallet',
  headers: { authorization: `Bearer ${await app.tokens.sign(user.id)}` },
});
const address = chain.gateway.addressOf(user.id) as Address;
services.cryptoWorkers!.start();
const latencies: number[] = [];
for (let i = 1; i <= deposits; i++) {
  await chain.mintUsdt(address, parseEther('1'));
  await chain.mine(chain.gateway.confirmations - 1);
  const confirmedAt = performance.now();
  while ((await balancesOf(database.db, user.id)).total < parseEther(String(i)))
    await new Promise((r) => setTimeout(r, 5));
  latencies.push(performance.now() - confirmedAt);
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(0);
console.log(
  `deposit confirmed -> balance  p50 ${pct(0.5)} ms   max ${pct(1)} ms   (${deposits} deposits, ${chain.gateway.confirmations} confirmations, watcher polls every ${pollMs} ms)`,
);

await app.close();
await database.close();
await chain.stop();
