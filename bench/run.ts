/**
 * `npm run bench`: requests per second of GET /api/health (the whole app: helmet, rate limit,
 * request ids, a database round trip), GET /api/user/me and GET /api/crypto/wallet (the
 * authenticated read path, on a development chain) against a bare Fastify hello route, measured in
 * the same run so the ratios between them are what we track across machines; then logins per
 * second (Argon2id at OWASP's cost, so this is CPU-bound: divide by the cores that hash) and
 * GET /api/health's latency while 50 logins run at once. Every load comes from an autocannon in
 * its own process (two at once during the login storm).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { startTestChain } from '../apps/api/test/chain';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// A login takes tens of milliseconds of a core: a longer window than the cheap routes get.
const loginSeconds = Number(process.env.BENCH_LOGIN_SECONDS ?? Math.max(seconds, 10));
const stormConnections = 50;
// The other request during the storm: a steady trickle, so its latency is the storm's doing, not its own queue.
const probe = { connections: 5, overallRate: 100 };

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * One measurement by an autocannon in its own process, so its work does not sit on the server's
 * event loop: the bare route and the app are loaded the same way, and latencies are the server's alone.
 */
async function measure(
  url: string,
  options: {
    connections?: number;
    duration?: number;
    overallRate?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Measured> {
  const args = ['--json', '-c', String(options.connections ?? connections), '-d', String(options.duration ?? seconds)];
  if (options.overallRate) args.push('-R', String(options.overallRate));
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-H', 'content-type=application/json', '-b', options.body);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
  const bin = createRequire(import.meta.url).resolve('autocannon');
  const child = spawn(process.execPath, [bin, ...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  await new Promise((resolve) => child.on('close', resolve));
  const result = JSON.parse(out) as autocannon.Result;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function listen(app: { listen: (o: { port: number; host: string }) => Promise<string> }) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = await listen(bare);

// OWASP's Argon2id cost: the defaults (PASSWORD_HASH_MEMORY_KIB=19456, PASSWORD_HASH_PASSES=2).
const config = testConfig({
  RATE_LIMIT_MAX: String(1e9),
  RATE_LIMIT_AUTH_MAX: String(1e9),
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_PASSES: '2',
});
// A fresh database (in-memory PGlite, or a new one on DATABASE_URL's server, dropped at the end).
const database = await createTestDatabase();
// The wallet reads the chain: a development chain (Hardhat, in its own process) behind the app.
const chain = await startTestChain();
const { app } = await buildApp(config, {
  database,
  jwtSecret: 'bench-secret-0123456789-0123456789-0123',
  chain: chain.gateway,
});
const appUrl = await listen(app);

const load = os.loadavg().map((l) => l.toFixed(2));
console.log(
  `autocannon (each run in its own process): ${connections} connections, ${seconds} s each (logins ${loginSeconds} s), database ${database.driver}; ` +
    `${os.availableParallelism()} cores, load average ${load.join(' ')}; ` +
    `passwords: Argon2id m=${config.PASSWORD_HASH_MEMORY_KIB} KiB t=${config.PASSWORD_HASH_PASSES} p=1, ${config.PASSWORD_HASH_CONCURRENCY} at once\n`,
);
const credentials = { email: 'bench@example.com', password: 'BenchSecret1' };
const registered = await app.inject({ method: 'POST', url: '/api/user/register', payload: credentials });
const { token } = registered.json() as { token: string };
const auth = { authorization: `Bearer ${token}` };
// The wallet row exists after the first read, as for anyone who opened the wallet screen once.
await app.inject({ method: 'GET', url: '/api/crypto/wallet', headers: auth });

const baseline = await measure(`${bareUrl}/hello`);
const health = await measure(`${appUrl}/api/health`);
const me = await measure(`${appUrl}/api/user/me`, { headers: auth });
const wallet = await measure(`${appUrl}/api/crypto/wallet`, { headers: auth });
const rows = [
  { name: 'bare Fastify GET /hello', ...baseline },
  { name: 'GET /api/health', ...health },
  { name: 'GET /api/user/me', ...me },
  { name: 'GET /api/crypto/wallet', ...wallet },
];

// BENCH_LOGINS=0 leaves out the logins (a minute of Argon2id), e.g. while working on the read path.
const logins = process.env.BENCH_LOGINS !== '0';
const loginBody = JSON.stringify(credentials);
/** Logins still hashing when autocannon stops would slow the next measurement: one more queues behind them. */
const drain = () => app.inject({ method: 'POST', url: '/api/user/login', payload: credentials });
let login: Measured | undefined;
let storm: Measured | undefined;
let quiet: Measured | undefined;
let stormed: Measured | undefined;
if (logins) {
  const loginOptions = { method: 'POST', body: loginBody, duration: loginSeconds };
  login = await measure(`${appUrl}/api/user/login`, { ...loginOptions, connections: 8 });
  await drain();
  const probeUrl = `${appUrl}/api/health`;
  quiet = await measure(probeUrl, { ...probe, duration: loginSeconds });
  [storm, stormed] = await Promise.all([
    measure(`${appUrl}/api/user/login`, { ...loginOptions, connections: stormConnections }),
    measure(probeUrl, { ...probe, duration: loginSeconds }),
  ]);
  await drain();
  rows.push(
    { name: 'POST /api/user/login (8 c)', ...login },
    { name: `POST /api/user/login (${stormConnections} c)`, ...storm },
    { name: `GET /api/health, ${probe.overallRate}/s alone`, ...quiet },
    { name: `  ... during the ${stormConnections} logins`, ...stormed },
  );
}

for (const row of rows) {
  console.log(
    `${row.name.padEnd(36)} ${row.rps.toFixed(1).padStart(8)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}`,
  );
}
const ratio = (m: Measured) => (m.rps / baseline.rps).toFixed(2);
console.log(
  `\nratios to bare Fastify: health ${ratio(health)} (target >= 0.6), /me ${ratio(me)} (target >= 0.4, p99 ${me.p99} ms < 50), ` +
    `wallet ${ratio(wallet)} (target >= 0.3)`,
);
if (login && storm && quiet && stormed) {
  // Hashes run at once on at most PASSWORD_HASH_CONCURRENCY threads (all cores but one by default).
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const cores = Math.min(os.availableParallelism(), poolThreads, config.PASSWORD_HASH_CONCURRENCY);
  console.log(
    `logins per second per core: ${(login.rps / cores).toFixed(1)} with 8 connections, ${(storm.rps / cores).toFixed(1)} with ${stormConnections} (${cores} cores hashing; target >= 20)`,
  );
  console.log(
    `GET /api/health p99 during ${stormConnections} concurrent logins: ${stormed.p99} ms (alone ${quiet.p99} ms; target < 50 ms)`,
  );
}

await app.close();
await bare.close();
await chain.stop();
await database.close();
