/**
 * `npm run bench`: requests per second of GET /api/health (the whole app: helmet, rate limit,
 * request ids, a database round trip) against a bare Fastify hello route, measured in the same run
 * so the ratio between them is what we track across machines; then logins per second (scrypt at
 * OWASP's cost, so this is CPU-bound: divide by the cores of the thread pool) and GET /api/user/me.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(
  url: string,
  options: Partial<autocannon.Options> = {},
): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function listen(app: { listen: (o: { port: number; host: string }) => Promise<string> }) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await listen(bare);

const config = testConfig({ RATE_LIMIT_MAX: String(1e9), RATE_LIMIT_AUTH_MAX: String(1e9), PASSWORD_HASH_COST: '17' });
// A fresh database (in-memory PGlite, or a new one on DATABASE_URL's server, dropped at the end).
const database = await createTestDatabase();
const { app } = await buildApp(config, { database, jwtSecret: 'bench-secret-0123456789-0123456789-0123' });
const appUrl = await listen(app);

console.log(`autocannon: ${connections} connections, ${seconds} s each, database ${database.driver}\n`);
const baseline = await measure(`${bareUrl}/hello`);
const health = await measure(`${appUrl}/api/health`);

const credentials = { email: 'bench@example.com', password: 'BenchSecret1' };
const registered = await app.inject({ method: 'POST', url: '/api/user/register', payload: credentials });
const { token } = registered.json() as { token: string };
const loginBody = JSON.stringify(credentials);
const login = await measure(`${appUrl}/api/user/login`, {
  method: 'POST',
  body: loginBody,
  headers: { 'content-type': 'application/json' },
  connections: 8,
});
const me = await measure(`${appUrl}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });

const rows = [
  { name: 'bare Fastify GET /hello', ...baseline },
  { name: 'GET /api/health', ...health },
  { name: 'POST /api/user/login', ...login },
  { name: 'GET /api/user/me', ...me },
];
for (const row of rows) {
  console.log(
    `${row.name.padEnd(28)} ${row.rps.toFixed(0).padStart(8)} req/s   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}`,
  );
}
console.log(`\nhealth / bare ratio: ${(health.rps / baseline.rps).toFixed(2)}`);
const poolThreads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const cores = Math.min(os.availableParallelism(), poolThreads);
console.log(`logins per second per core: ${(login.rps / cores).toFixed(1)} (${cores} cores hashing)`);

await app.close();
await bare.close();
await database.close();
