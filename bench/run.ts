/**
 * `npm run bench`, first part: requests per second of GET /api/health (the whole app: helmet, rate
 * limit, request ids, a database ping), GET /api/user/me and GET /api/crypto/wallet (the
 * authenticated read path, on a development chain) as ratios to a bare Fastify hello route; then
 * logins per second (Argon2id at OWASP's cost, so this is CPU-bound: divide by the cores that hash)
 * and the p99 of other requests while 50 logins run at once.
 *
 * The headline is the ratio to bare Fastify, which is what we track across machines; the machine's
 * cores and load are printed with it. Other work on the machine moves every figure, so each app
 * route is measured between two measurements of the bare route and divided by their mean, after
 * every target had BENCH_WARMUP_SECONDS (2) of the same load untimed (decision 047). Every
 * load comes from an autocannon in its own process (bench/measure.ts). Runs on the embedded PGlite,
 * or on PostgreSQL with DATABASE_URL (a fresh database there, dropped at the end).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { passwordParamsOf } from '../apps/api/src/config';
import { hashPassword } from '../apps/api/src/lib/password';
import { insertUser, testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { startTestChain } from '../apps/api/test/chain';
import { machine, measure, row, type Measured } from './measure';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// A login takes tens of milliseconds of a core: a longer window than the cheap routes get.
const loginSeconds = Number(process.env.BENCH_LOGIN_SECONDS ?? Math.max(seconds, 10));
// Logins go through this many accounts in turn, as a crowd signing in would (never one account over and over).
const loginAccounts = Number(process.env.BENCH_LOGIN_ACCOUNTS ?? 200);
const stormConnections = 50;
// The other requests during the storm: a steady trickle of the read path (health and /me in turn),
// so their latency is the storm's doing, not their own queue.
const probe = { connections: 5, overallRate: 100 };

const bare = Fastify({ logger: false });
bare.get('/hello', async () => ({ hello: 'world' }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/hello`;

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
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(
  `database ${database.driver}; ${machine()} at the start; autocannon in its own process, ${connections} connections, ${seconds} s each (logins ${loginSeconds} s over ${loginAccounts} accounts); ` +
    `passwords: Argon2id m=${config.PASSWORD_HASH_MEMORY_KIB} KiB t=${config.PASSWORD_HASH_PASSES} p=1, ${config.PASSWORD_HASH_CONCURRENCY} at once\n`,
);
const password = 'BenchSecret1';
const registered = await app.inject({
  method: 'POST',
  url: '/api/user/register',
  payload: { email: 'bench@example.com', password },
});
const { token } = registered.json() as { token: string };
const auth = { authorization: `Bearer ${token}` };
// The wallet row exists after the first read, as for anyone who opened the wallet screen once.
await app.inject({ method: 'GET', url: '/api/crypto/wallet', headers: auth });

// The read path: each route between two measurements of the bare route, divided by their mean.
const load = { connections, duration: seconds };
const routes = [
  { name: 'GET /api/health', path: '/api/health', headers: {} },
  { name: 'GET /api/user/me', path: '/api/user/me', headers: auth },
  { name: 'GET /api/crypto/wallet', path: '/api/crypto/wallet', headers: auth },
];
// Every target is loaded once, untimed, before the timed runs: the first seconds of a route run on
// V8's unoptimised code and its background compiles (counted in this process's CPU), which cost /me
// about a third of its rate in the first 5 s. A server that has been up a while is past them, and the
// bare route, measured four times, would be past them after its first run anyway.
const warmup = { connections, duration: Number(process.env.BENCH_WARMUP_SECONDS ?? 2) };
if (warmup.duration > 0) {
  await measure(bareUrl, warmup);
  for (const route of routes) await measure(`${appUrl}${route.path}`, { ...warmup, headers: route.headers });
}
const bares: Measured[] = [await measure(bareUrl, load)];
const reads: { name: string; measured: Measured; ratio: number; cpuRatio: number }[] = [];
for (const route of routes) {
  const measured = await measure(`${appUrl}${route.path}`, { ...load, headers: route.headers });
  bares.push(await measure(bareUrl, load));
  const [before, after] = bares.slice(-2) as [Measured, Measured];
  reads.push({
    name: route.name,
    measured,
    ratio: measured.rps / ((before.rps + after.rps) / 2),
    cpuRatio: (before.cpuUs + after.cpuUs) / 2 / measured.cpuUs,
  });
}
const afterReads = machine();

// BENCH_LOGINS=0 leaves out the logins (a minute of Argon2id), e.g. while working on the read path.
const logins = process.env.BENCH_LOGINS !== '0';
let loginRows: { name: string; measured: Measured }[] = [];
let stormed: Measured | undefined;
let quiet: Measured | undefined;
let login: Measured | undefined;
let storm: Measured | undefined;
let quietLoop = 0;
let stormLoop = 0;
let stormMachine = '';
if (logins) {
  // Many accounts with the same password, hashed once here at the configured cost (each login still
  // verifies at full cost): no per-account limit may answer for the hash.
  const passwordHash = await hashPassword(password, passwordParamsOf(config));
  const emails = Array.from({ length: loginAccounts }, (_, i) => `login${i}@bench.example`);
  for (const email of emails) await insertUser(database, { email, passwordHash, emailVerifiedAt: new Date() });
  const bodies = emails.map((email) => JSON.stringify({ email, password }));
  /**
   * Logins still hashing when autocannon stops would slow the next measurement: hashes wait in
   * line first come first served (lib/password.ts), so one more login answers once they are done.
   */
  const drain = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: JSON.parse(bodies[0]!) as object });
    if (res.statusCode !== 200) throw new Error(`drain login answered ${res.statusCode}: ${res.body}`);
  };
  const loginLoad = { method: 'POST' as const, bodies, duration: loginSeconds };
  const probeLoad = { ...probe, duration: loginSeconds, headers: auth, paths: ['/api/health', '/api/user/me'] };

  /** The server's event loop (this process) while `work` runs: how long a ready callback waited, p99 in ms. */
  const loopDelay = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const result = await work();
    histogram.disable();
    return [result, histogram.percentile(99) / 1e6];
  };

  await drain();
  login = await measure(`${appUrl}/api/user/login`, { ...loginLoad, connections: 8 });
  await drain();
  [quiet, quietLoop] = await loopDelay(() => measure(appUrl, probeLoad));
  [[storm, stormed], stormLoop] = await loopDelay(() =>
    Promise.all([
      measure(`${appUrl}/api/user/login`, { ...loginLoad, connections: stormConnections }),
      measure(appUrl, probeLoad),
    ]),
  );
  stormMachine = machine();
  await drain();
  loginRows = [
    { name: 'POST /api/user/login (8 c)', measured: login },
    { name: `POST /api/user/login (${stormConnections} c)`, measured: storm },
    { name: `health and /me, ${probe.overallRate}/s alone`, measured: quiet },
    { name: `  ... during the ${stormConnections} logins`, measured: stormed },
  ];
}

console.log(
  `ratios to bare Fastify (${machine()} at the end; ${afterReads} after the read path):\n` +
    reads
      .map(
        ({ name, measured, ratio, cpuRatio }) =>
          `  ${name.padEnd(24)} ${ratio.toFixed(2)}   p99 ${measured.p99} ms   (by CPU per request: ${cpuRatio.toFixed(2)})`,
      )
      .join('\n') +
    `\n  targets: health >= 0.6, /me >= 0.4 with p99 < 50 ms, wallet >= 0.3\n`,
);
bares.forEach((measured, i) => console.log(row(`bare Fastify GET /hello (${i + 1})`, measured)));
for (const { name, measured } of reads) console.log(row(name, measured));
for (const { name, measured } of loginRows) console.log(row(name, measured));
if (login && storm && quiet && stormed) {
  if (login.errors || storm.errors)
    console.log('\nLOGINS REFUSED: those answers cost no hash; the login figures are not valid');
  // Hashes run at once on at most PASSWORD_HASH_CONCURRENCY threads (all cores but one by default).
  const poolThreads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const cores = Math.min(os.availableParallelism(), poolThreads, config.PASSWORD_HASH_CONCURRENCY);
  console.log(
    `\nlogins per second per core: ${(login.rps / cores).toFixed(1)} with 8 connections, ${(storm.rps / cores).toFixed(1)} with ${stormConnections} (${cores} cores hashing; target >= 20)`,
  );
  console.log(
    `health and /me p99 during ${stormConnections} concurrent logins: ${stormed.p99} ms (alone ${quiet.p99} ms; target < 50 ms); ` +
      `the server's event loop delay p99 ${stormLoop.toFixed(1)} ms during them (alone ${quietLoop.toFixed(1)} ms); ${stormMachine} after them`,
  );
}

await app.close();
await bare.close();
await chain.stop();
await database.close();
