/**
 * `node --import tsx bench/load.ts` (the last part of `npm run bench`): BENCH_LOAD_USERS (200)
 * simulated people for BENCH_LOAD_SECONDS (180) against three API processes as `npm start` runs
 * them (the built apps/api/dist, built first if older than its sources), sharing one fresh
 * PostgreSQL database (`bench_<random>` on DATABASE_URL's server, dropped at the end), one Redis
 * database index of their own (empty when chosen, emptied at the end; REDIS_URL, else
 * 127.0.0.1:6379) and one development chain. Every process has WORKERS_ENABLED=true: the chain
 * workers elect one leader through a PostgreSQL advisory lock.
 *
 * Users are spread round-robin over the processes and loop with think time (about
 * BENCH_LOAD_THINK_MS between two requests): register, then now and then log in again; GET
 * /api/user/me and /api/crypto/wallet; chat (open a conversation, send, read what came in) or raise
 * a hand, look nearby and lower it. Every fourth user also gets BNB for gas and 110 test USDT from
 * the chain's faucet, buys a Silver token once the deposit is credited and withdraws a little.
 *
 * Reported: requests per second overall and per kind with p50/p99, 4xx and 5xx answers (any 5xx or
 * network error fails the run); then, once the workers have settled (no purchase PROCESSING, no
 * withdrawal REQUESTED/PROCESSING, every faucet deposit credited; at most 2 minutes), the database's checks:
 * the ledger sums to zero, no user account is negative, every purchase is COMPLETED, CANCELED or
 * FAILED; and the chain's: every completed purchase's token belongs to its buyer, the confirmed
 * withdrawals arrived. Also which process led the chain workers, and each process's warnings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { formatEther, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startTestChain } from '../apps/api/test/chain';
import { findRepoRoot } from '../apps/api/src/lib/paths';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 180);
const userCount = Number(process.env.BENCH_LOAD_USERS ?? 200);
const thinkMs = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const PROCESSES = ['a', 'b', 'c'] as const;
/** Every BUYER_EVERY-th user deposits, buys a Silver token and withdraws. */
const BUYER_EVERY = 4;
const DEPOSIT_USDT = 110;
const SETTLE_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The chain workers' advisory-lock key (apps/api/src/start-server.ts). */
const CHAIN_LEADER_KEY = 727_431_002;
const centre = { lat: 55.7558, lng: 37.6173 };

const root = findRepoRoot();
const run = crypto.randomBytes(4).toString('hex');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisBaseUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const jwtSecret = crypto.randomBytes(32).toString('hex');
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-load-${run}-`));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;
const databaseUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

// --------------------------------------------------------------------------------- cleanup

const cleanups: (() => Promise<void>)[] = [];
let cleaned: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaned ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup step failed:', error instanceof Error ? error.message : error);
      }
    }
  })();
  return cleaned;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

// --------------------------------------------------------------------------------- API processes

interface ApiProcess {
  name: string;
  child: ChildProcess;
  url: string;
  appName: string;
  /** Warn and error lines (pino JSON), kept for the report; every line also goes to the log file. */
  warnings: string[];
  errors: string[];
  exited: Promise<void>;
  exitedEarly: string | null;
}

/** Starts one API process; it joins `list` at once, so cleanup stops it even if it never gets ready. */
function startApi(name: string, env: NodeJS.ProcessEnv, list: ApiProcess[]): Promise<ApiProcess> {
  const appName = `bench-api-${name}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PGAPPNAME: appName, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(logDir, `api-${name}.log`));
  const api: ApiProcess = {
    name,
    child,
    url: '',
    appName,
    warnings: [],
    errors: [],
    exitedEarly: null,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  list.push(api);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API ${name} did not start within 120 s (log: ${logDir})`)),
      120_000,
    );
    const onLine = (line: string) => {
      log.write(`${line}\n`);
      const ready = /running at (http:\/\/\S+)/.exec(line);
      if (ready && !api.url) {
        api.url = ready[1]!.replace('localhost', '127.0.0.1');
        clearTimeout(timer);
        resolve(api);
        return;
      }
      if (!line.trim() || /^\s*(Meet Nearby is running at|API docs:)/.test(line)) return;
      let level = 50; // not a log line: an uncaught error's output
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 0;
      } catch {
        // keep 50
      }
      if (level >= 50) api.errors.push(line);
      else if (level >= 40) api.warnings.push(line);
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffered = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          onLine(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
        }
      });
    }
    child.once('exit', (code, signal) => {
      if (!stopping) api.exitedEarly = `exited with ${signal ?? `code ${code}`}`;
      clearTimeout(timer);
      reject(
        new Error(
          `API ${name} exited before it was ready (${signal ?? `code ${code}`}):\n${api.errors.slice(-10).join('\n')}`,
        ),
      );
      log.end();
    });
  });
}

let stopping = false;
async function stopApis(apis: ApiProcess[]) {
  stopping = true;
  await Promise.all(
    apis.map(async (api) => {
      if (api.child.exitCode !== null || api.child.signalCode !== null) return;
      api.child.kill('SIGTERM');
      const killed = await Promise.race([api.exited.then(() => false), sleep(20_000).then(() => true)]);
      if (killed) {
        console.error(`API ${api.name} did not stop within 20 s of SIGTERM: killing it`);
        api.child.kill('SIGKILL');
        await api.exited;
      }
    }),
  );
}

// --------------------------------------------------------------------------------- requests

interface KindStats {
  latencies: number[];
  status: Map<number, number>;
}
const kinds = new Map<string, KindStats>();
const perProcess = new Map<string, { requests: number; serverErrors: number }>();
/** 5xx answers and network errors, with what the log needs to find them. */
const failures: string[] = [];
/** Unexpected 4xx answers, a few per kind. */
const clientErrors = new Map<string, string[]>();

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = Record<string, unknown>>(
  api: ApiProcess,
  kind: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; expect?: number[] } = {},
): Promise<Answer<T>> {
  const requestId = `load-${run}-${crypto.randomBytes(6).toString('hex')}`;
  const headers: Record<string, string> = { 'x-request-id': requestId, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const response = await fetch(`${api.url}${url}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
    status = response.status;
  } catch (error) {
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    text = `network error: ${cause}`;
  }
  const elapsed = performance.now() - started;
  const stats: KindStats = kinds.get(kind) ?? { latencies: [], status: new Map<number, number>() };
  kinds.set(kind, stats);
  stats.latencies.push(elapsed);
  stats.status.set(status, (stats.status.get(status) ?? 0) + 1);
  const proc = perProcess.get(api.name) ?? { requests: 0, serverErrors: 0 };
  perProcess.set(api.name, proc);
  proc.requests++;
  if (status === 0 || status >= 500) {
    proc.serverErrors++;
    failures.push(
      `${new Date().toISOString()} API ${api.name} ${method} ${url} -> ${status || 'no answer'} in ${elapsed.toFixed(0)} ms, x-request-id ${requestId}: ${text.slice(0, 300)}`,
    );
  } else if (status >= 400 && !(options.expect ?? []).includes(status)) {
    const samples = clientErrors.get(kind) ?? [];
    clientErrors.set(kind, samples);
    if (samples.length < 3) samples.push(`${status} ${text.slice(0, 200)}`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status, body: body as T };
}

// --------------------------------------------------------------------------------- simulated users

type BuyerState = 'none' | 'funding' | 'depositing' | 'buying' | 'following' | 'done';

interface SimUser {
  index: number;
  api: ApiProcess;
  email: string;
  password: string;
  token?: string;
  id?: number;
  address?: Address;
  home: { lat: number; lng: number };
  buyer: BuyerState;
  fundedAt?: number;
  purchaseId?: number;
  withdrawalId?: number;
  purchaseStatus?: string;
  withdrawalStatus?: string;
}

const chainOps = { setNative: [] as number[], mintUsdt: [] as number[], failed: [] as string[] };
const depositVisible: number[] = [];
/** When the faucet's USDT mint for a user was mined (epoch ms), by user id. */
const mintedAt = new Map<number, number>();
const counters = { purchasesRequested: 0, withdrawalsRequested: 0, messagesSent: 0, handsRaised: 0, logins: 0 };

async function main() {
  // ------------------------------------------------------------ database, Redis, chain, processes
  console.log(
    `\nload: ${userCount} users for ${seconds} s on ${PROCESSES.length} API processes, think time ~${thinkMs} ms; preparing…`,
  );
  // As `npm start` does: build the API bundle when it is older than its sources.
  const { buildIfNeeded } = (await import(new URL('../scripts/build-if-needed.mjs', import.meta.url).href)) as {
    buildIfNeeded(options: { only: string[] }): void;
  };
  buildIfNeeded({ only: ['API'] });

  const databaseName = `bench_${run}`;
  const adminClient = new pg.Client({ connectionString: serverUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${databaseName}`);
  await adminClient.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
  });

  // A Redis database index of our own: an empty one picked at random, marked so a second run
  // picks another. Nothing in any other index is touched.
  let redisUrl: string | undefined;
  let redisNote: string;
  let probe: Redis | undefined;
  try {
    probe = new Redis(redisBaseUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: () => null,
    });
    await probe.connect();
    const databases = Number(((await probe.config('GET', 'databases').catch(() => [])) as string[])[1] ?? 16);
    const candidates = Array.from({ length: databases - 1 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    let chosen: number | undefined;
    for (const db of candidates) {
      await probe.select(db);
      if ((await probe.dbsize()) > 0) continue;
      if ((await probe.set('bench:load:owner', run, 'EX', 3600, 'NX')) === 'OK') {
        chosen = db;
        break;
      }
    }
    if (chosen === undefined) throw new Error('no empty Redis database index');
    const url = new URL(redisBaseUrl);
    url.pathname = `/${chosen}`;
    redisUrl = url.toString();
    redisNote = `Redis db ${chosen}`;
    const owned = probe;
    cleanups.push(async () => {
      // Every key in this index is ours: it was empty and marked when chosen.
      let cursor = '0';
      do {
        const [next, keys] = await owned.scan(cursor, 'COUNT', 500);
        if (keys.length) await owned.unlink(...keys);
        cursor = next;
      } while (cursor !== '0');
      await owned.quit();
    });
  } catch (error) {
    probe?.disconnect();
    redisNote = `no Redis (${error instanceof Error ? error.message : error}): rate limits and hands per process`;
  }

  const chain = await startTestChain({ confirmations: 1, blockIntervalMs: 1000 });
  cleanups.push(() => chain.stop());

  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    APP_ENV: 'development',
    // The load's admin lists supply with a plain token (no authenticator in a benchmark).
    STAFF_SECOND_FACTOR: 'off',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: databaseUrl(databaseName),
    ...(redisUrl && { REDIS_URL: redisUrl }),
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    RATE_LIMIT_MAX: String(1e9),
    RATE_LIMIT_AUTH_MAX: String(1e9),
    // Every simulated user connects from 127.0.0.1.
    SOCKET_HANDSHAKES_PER_MINUTE: String(1e9),
    // Cheap Argon2id (as the tests use): this bench measures the app, not the password hash.
    PASSWORD_HASH_MEMORY_KIB: '256',
    PASSWORD_HASH_PASSES: '1',
    // Each withdrawal goes to a fresh address; the bench measures sending, not the wait.
    WITHDRAW_NEW_ADDRESS_HOURS: '0',
    WORKERS_ENABLED: 'true',
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_USDT_ADDRESS: chain.gateway.usdtAddress,
    CHAIN_MARKET_ADDRESS: chain.gateway.marketAddress,
    CHAIN_TREASURY_PRIVATE_KEY: chain.treasuryPrivateKey,
    CHAIN_MNEMONIC: chain.mnemonic,
    CHAIN_CONFIRMATIONS: '1',
  };
  // Each process has a DATA_DIR of its own (secrets.json, chain.json), removed once it stopped.
  const dataDirs = PROCESSES.map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `bench-load-${run}-${name}-`)));
  cleanups.push(async () => dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const apis: ApiProcess[] = [];
  cleanups.push(() => stopApis(apis));
  // All three at once on the fresh database, as a deployment boots them: migrations take a lock,
  // and the job queues' creation retries the race it can lose.
  await Promise.all(PROCESSES.map((name, i) => startApi(name, { ...env, DATA_DIR: dataDirs[i]! }, apis)));
  apis.sort((x, y) => x.name.localeCompare(y.name));

  const db = new pg.Client({ connectionString: databaseUrl(databaseName) });
  await db.connect();
  cleanups.push(() => db.end());
  const leaders: string[] = [];
  const sampleLeader = async () => {
    const { rows } = await db.query<{ name: string }>(
      `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1
          and l.database = (select oid from pg_database where datname = current_database())`,
      [CHAIN_LEADER_KEY],
    );
    const name = rows[0]?.name ?? 'none';
    if (leaders.at(-1) !== name) leaders.push(name);
  };

  // ------------------------------------------------------------ the admin lists the Silver supply
  const admin = apis[0]!;
  const adminEmail = `admin-${run}@bench.test`;
  const adminPassword = 'BenchAdmin1';
  const registered = await call<{ user: { id: number } }>(admin, 'setup', 'POST', '/api/user/register', {
    body: { email: adminEmail, password: adminPassword },
  });
  if (registered.status !== 200)
    throw new Error(`admin registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  await db.query(`update users set role = 'admin' where id = $1`, [registered.body.user.id]);
  const adminLogin = await call<{ token: string }>(admin, 'setup', 'POST', '/api/user/login', {
    body: { email: adminEmail, password: adminPassword },
  });
  const buyers = Math.ceil(userCount / BUYER_EVERY);
  const supplyStarted = performance.now();
  for (let listed = 0; listed < buyers; listed += 25) {
    const count = Math.min(25, buyers - listed);
    const supply = await call(admin, 'setup', 'PUT', '/api/crypto/admin/supply', {
      token: adminLogin.body.token,
      body: { level: 'SILVER', count },
    });
    if (supply.status !== 200)
      throw new Error(`listing supply failed: ${supply.status} ${JSON.stringify(supply.body)}`);
  }
  const supplySeconds = (performance.now() - supplyStarted) / 1000;
  kinds.delete('setup');
  perProcess.clear();
  await sampleLeader();

  // ------------------------------------------------------------ the load
  const users: SimUser[] = Array.from({ length: userCount }, (_, index) => ({
    index,
    api: apis[index % apis.length]!,
    email: `load${index}-${run}@bench.test`,
    password: `Load${run}x${index}`,
    home: { lat: centre.lat + (Math.random() - 0.5) * 0.05, lng: centre.lng + (Math.random() - 0.5) * 0.08 },
    buyer: index % BUYER_EVERY === BUYER_EVERY - 1 ? 'funding' : 'none',
  }));
  const registeredUsers: SimUser[] = [];
  const started = performance.now();
  const deadline = Date.now() + seconds * 1000;
  const over = () => Date.now() >= deadline;
  const think = () => sleep(Math.min(thinkMs * (0.5 + Math.random()), deadline - Date.now()));
  const leaderTimer = setInterval(() => void sampleLeader().catch(() => {}), 5000);
  // The deposit watcher saves its cursor once a pass (blocks come every second): the times it moved
  // show how long the leader's passes take under the load.
  const cursorMoves: number[] = [];
  const cursorTimer = setInterval(() => {
    db.query<{ at: Date }>(`select updated_at as at from chain_cursors where name = 'usdt-deposits'`)
      .then(({ rows }) => {
        const at = rows[0]?.at.getTime();
        if (at !== undefined && at !== cursorMoves.at(-1)) cursorMoves.push(at);
      })
      .catch(() => {});
  }, 500);

  async function session(u: SimUser) {
    if (!u.token) {
      const answer = await call<{ token: string; user: { id: number } }>(
        u.api,
        'POST /api/user/register',
        'POST',
        '/api/user/register',
        {
          body: {
            email: u.email,
            password: u.password,
            firstName: 'Load',
            lastName: `User${u.index}`,
            domain: `load${run}u${u.index}`,
            gender: u.index % 2,
            birthday: `${String(1 + (u.index % 28)).padStart(2, '0')}.${String(1 + (u.index % 12)).padStart(2, '0')}.${1970 + (u.index % 30)}`,
            locale: u.index % 5 === 0 ? 'ru' : 'en',
          },
        },
      );
      if (answer.status === 200) {
        u.token = answer.body.token;
        u.id = answer.body.user.id;
        registeredUsers.push(u);
      }
    } else if (Math.random() < 0.3) {
      const answer = await call<{ token: string }>(u.api, 'POST /api/user/login', 'POST', '/api/user/login', {
        body: { email: u.email, password: u.password },
      });
      counters.logins++;
      if (answer.status === 200) u.token = answer.body.token;
    }
  }

  async function buyerStep(u: SimUser, wallet: { balance?: string; address?: string }) {
    if (u.buyer === 'funding' && u.address) {
      // BNB for the gas of the withdrawal and the purchase's approve, then the deposit itself.
      u.buyer = 'depositing';
      try {
        let t = performance.now();
        await chain.setNative(u.address, parseEther('0.05'));
        chainOps.setNative.push(performance.now() - t);
        t = performance.now();
        await chain.mintUsdt(u.address, parseEther(String(DEPOSIT_USDT)));
        chainOps.mintUsdt.push(performance.now() - t);
        u.fundedAt = performance.now();
        mintedAt.set(u.id!, Date.now());
      } catch (error) {
        chainOps.failed.push(`user ${u.index}: ${error instanceof Error ? error.message : error}`);
        u.buyer = 'done';
      }
      return;
    }
    if (u.buyer === 'depositing' && Number(wallet.balance ?? 0) >= DEPOSIT_USDT) {
      depositVisible.push(performance.now() - u.fundedAt!);
      u.buyer = 'buying';
      await think();
      if (over()) return;
      const purchase = await call<{ id: number; status: string }>(
        u.api,
        'POST /api/crypto/nft/buy',
        'POST',
        '/api/crypto/nft/buy',
        {
          token: u.token,
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: { level: 'SILVER', agreeTerms: true },
        },
      );
      counters.purchasesRequested++;
      if (purchase.status === 200) {
        u.purchaseId = purchase.body.id;
        u.purchaseStatus = purchase.body.status;
      }
      await think();
      if (over()) return;
      // A small withdrawal while the purchase is on its way (both spend from the deposit address).
      const outside = privateKeyToAccount(generatePrivateKey()).address;
      const withdrawal = await call<{ id: number; status: string }>(
        u.api,
        'POST /api/crypto/wallet/withdraw/',
        'POST',
        '/api/crypto/wallet/withdraw/',
        {
          token: u.token,
          headers: { 'idempotency-key': crypto.randomUUID() },
          body: {
            currency: 'USDT',
            address: outside,
            amount: String(1 + (u.index % 4)),
            stepUp: { password: u.password },
          },
        },
      );
      counters.withdrawalsRequested++;
      if (withdrawal.status === 200) {
        u.withdrawalId = withdrawal.body.id;
        u.withdrawalStatus = withdrawal.body.status;
      }
      u.buyer = 'following';
      return;
    }
    if (u.buyer === 'following') {
      // Look at the purchase and the withdrawal until both are final, as the wallet page does.
      if (u.purchaseId && !['COMPLETED', 'FAILED', 'CANCELED'].includes(u.purchaseStatus ?? '')) {
        const answer = await call<{ status: string }>(
          u.api,
          'GET /api/crypto/nft/purchase/:id',
          'GET',
          `/api/crypto/nft/purchase/${u.purchaseId}`,
          { token: u.token },
        );
        if (answer.status === 200) u.purchaseStatus = answer.body.status;
        await think();
      }
      if (u.withdrawalId && !['CONFIRMED', 'FAIL', 'CANCELED'].includes(u.withdrawalStatus ?? '') && !over()) {
        const answer = await call<{ status: string }>(
          u.api,
          'GET /api/crypto/transaction/:id',
          'GET',
          `/api/crypto/transaction/${u.withdrawalId}`,
          { token: u.token },
        );
        if (answer.status === 200) u.withdrawalStatus = answer.body.status;
        await think();
      }
      const purchaseDone = !u.purchaseId || ['COMPLETED', 'FAILED', 'CANCELED'].includes(u.purchaseStatus ?? '');
      const withdrawalDone = !u.withdrawalId || ['CONFIRMED', 'FAIL', 'CANCELED'].includes(u.withdrawalStatus ?? '');
      if (purchaseDone && withdrawalDone) u.buyer = 'done';
    }
  }

  async function chatStep(u: SimUser) {
    const others = registeredUsers.filter((o) => o !== u);
    const peer = others[Math.floor(Math.random() * others.length)];
    if (peer?.id) {
      const conversation = await call<{ id: number }>(
        u.api,
        'POST /api/chat/conversations',
        'POST',
        '/api/chat/conversations',
        { token: u.token, body: { userId: peer.id } },
      );
      await think();
      if (conversation.status === 200 && !over()) {
        await call(
          u.api,
          'POST /api/chat/conversations/:id/messages',
          'POST',
          `/api/chat/conversations/${conversation.body.id}/messages`,
          {
            token: u.token,
            body: { clientMessageId: crypto.randomUUID(), text: `Hi from ${u.index}, shall we meet? (${Date.now()})` },
          },
        );
        counters.messagesSent++;
        await think();
      }
    }
    if (over()) return;
    const list = await call<{ items: { id: number; unread: number; lastMessage: { id: number } | null }[] }>(
      u.api,
      'GET /api/chat/conversations',
      'GET',
      '/api/chat/conversations?limit=20',
      { token: u.token },
    );
    const unread = list.status === 200 ? list.body.items.find((c) => c.unread > 0 && c.lastMessage) : undefined;
    if (unread && !over()) {
      await think();
      await call(
        u.api,
        'GET /api/chat/conversations/:id/messages',
        'GET',
        `/api/chat/conversations/${unread.id}/messages?limit=30`,
        { token: u.token },
      );
      await think();
      if (!over()) {
        await call(
          u.api,
          'POST /api/chat/conversations/:id/read',
          'POST',
          `/api/chat/conversations/${unread.id}/read`,
          {
            token: u.token,
            body: { upToMessageId: unread.lastMessage!.id },
          },
        );
      }
    }
    await think();
  }

  async function handStep(u: SimUser) {
    // A few metres from home, so the movement guard never sees an impossible jump.
    const position = {
      lat: u.home.lat + (Math.random() - 0.5) * 0.0002,
      lng: u.home.lng + (Math.random() - 0.5) * 0.0003,
      accuracy: 15,
    };
    const moods = ['romantic', 'business', 'chat'] as const;
    const raised = await call(u.api, 'PUT /api/meet/hand', 'PUT', '/api/meet/hand', {
      token: u.token,
      body: { mood: moods[u.index % 3], note: `coffee nearby? #${u.index}`, durationHours: 1, position },
    });
    if (raised.status === 200) counters.handsRaised++;
    await think();
    if (over()) return;
    await call(
      u.api,
      'GET /api/meet/nearby',
      'GET',
      `/api/meet/nearby?lat=${position.lat}&lng=${position.lng}&radius=5000`,
      { token: u.token },
    );
    await think();
    if (over()) return;
    await call(u.api, 'DELETE /api/meet/hand', 'DELETE', '/api/meet/hand', { token: u.token });
    await think();
  }

  async function runUser(u: SimUser) {
    // Arrivals spread over the first tenth of the run (at most 10 s).
    await sleep(Math.random() * Math.min(10_000, seconds * 100));
    while (!over()) {
      await session(u);
      if (!u.token) {
        await think();
        continue;
      }
      await think();
      if (over()) break;
      await call(u.api, 'GET /api/user/me', 'GET', '/api/user/me', { token: u.token });
      await think();
      if (over()) break;
      const wallet = await call<{ balance: string; address: string }>(
        u.api,
        'GET /api/crypto/wallet',
        'GET',
        '/api/crypto/wallet',
        { token: u.token },
      );
      if (wallet.status === 200) u.address ??= wallet.body.address as Address;
      await think();
      if (over()) break;
      if (u.buyer !== 'none' && u.buyer !== 'done') {
        await buyerStep(u, wallet.status === 200 ? wallet.body : {});
        if (over()) break;
      }
      if (Math.random() < 0.5) await chatStep(u);
      else await handStep(u);
    }
  }

  console.log(
    `  ${apis.map((a) => `API ${a.name} ${a.url}`).join(', ')}; PostgreSQL ${databaseName}, ${redisNote}, chain ${chain.rpcUrl}`,
  );
  console.log(`  os load average before the load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
  console.log(
    `  admin listed ${buyers} Silver in ${supplySeconds.toFixed(1)} s; every ${BUYER_EVERY}th user deposits ${DEPOSIT_USDT} USDT, buys Silver and withdraws; running…`,
  );
  await Promise.all(users.map(runUser));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(leaderTimer);
  clearInterval(cursorTimer);
  await sampleLeader();

  // ------------------------------------------------------------ report: requests
  const all: number[] = [];
  let total4xx = 0;
  let total5xx = 0;
  let totalNetwork = 0;
  const rows = [...kinds.entries()].sort(([x], [y]) => x.localeCompare(y));
  console.log(
    `\nload: ${userCount} users, ${elapsed.toFixed(1)} s, ${PROCESSES.length} API processes (dist), ${os.availableParallelism()} cores, os load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  ${'kind'.padEnd(44)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'4xx'.padStart(5)} ${'5xx'.padStart(5)} ${'net'.padStart(4)}`,
  );
  for (const [kind, stats] of rows) {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    let c4 = 0;
    let c5 = 0;
    let net = 0;
    for (const [status, n] of stats.status) {
      if (status === 0) net += n;
      else if (status >= 500) c5 += n;
      else if (status >= 400) c4 += n;
    }
    total4xx += c4;
    total5xx += c5;
    totalNetwork += net;
    console.log(
      `  ${kind.padEnd(44)} ${String(sorted.length).padStart(8)} ${(sorted.length / elapsed).toFixed(1).padStart(7)} ${percentile(sorted, 0.5).toFixed(0).padStart(7)} ${percentile(sorted, 0.99).toFixed(0).padStart(7)} ${String(c4).padStart(5)} ${String(c5).padStart(5)} ${String(net).padStart(4)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  ${'all'.padEnd(44)} ${String(all.length).padStart(8)} ${(all.length / elapsed).toFixed(1).padStart(7)} ${percentile(all, 0.5).toFixed(0).padStart(7)} ${percentile(all, 0.99).toFixed(0).padStart(7)} ${String(total4xx).padStart(5)} ${String(total5xx).padStart(5)} ${String(totalNetwork).padStart(4)}`,
  );
  console.log(
    `  per process: ${apis.map((a) => `${a.name} ${perProcess.get(a.name)?.requests ?? 0} requests`).join(', ')}`,
  );
  console.log(
    `  done: ${registeredUsers.length} registered, ${counters.logins} logins, ${counters.messagesSent} messages, ${counters.handsRaised} hands raised, ${counters.purchasesRequested} purchases and ${counters.withdrawalsRequested} withdrawals requested`,
  );
  for (const [kind, samples] of clientErrors) console.log(`  4xx ${kind}: ${samples.join(' | ')}`);

  // ------------------------------------------------------------ settle, then check the books
  const settleStarted = performance.now();
  let open: { purchasing: number; queued: number; withdrawing: number; depositing: number };
  for (;;) {
    // A deposit not yet seen has no row at all (with one confirmation it is credited when first
    // seen): count the faucet's mints still without their credit.
    const { rows: counts } = await db.query<{
      purchasing: string;
      queued: string;
      withdrawing: string;
      credited: string;
    }>(
      `select (select count(*) from purchases where status = 'PROCESSING') as purchasing,
              (select count(*) from purchases where status = 'QUEUED') as queued,
              (select count(*) from crypto_transactions where type = 'OUTPUT' and status in ('REQUESTED', 'PROCESSING')) as withdrawing,
              (select count(*) from crypto_transactions where type = 'INPUT' and currency = 'USDT' and status = 'CONFIRMED') as credited`,
    );
    const row = counts[0]!;
    open = {
      purchasing: Number(row.purchasing),
      queued: Number(row.queued),
      withdrawing: Number(row.withdrawing),
      depositing: Math.max(0, mintedAt.size - Number(row.credited)),
    };
    if (
      (open.purchasing === 0 && open.withdrawing === 0 && open.depositing === 0) ||
      performance.now() - settleStarted > SETTLE_MS
    )
      break;
    await sleep(1000);
  }
  await sampleLeader();
  const settleSeconds = (performance.now() - settleStarted) / 1000;
  const settled = open.purchasing === 0 && open.withdrawing === 0 && open.depositing === 0;

  const problems: string[] = [];
  const ledger = (
    await db.query<{ total: string; rows: string }>(
      'select coalesce(sum(amount), 0)::text as total, count(*)::text as rows from ledger_entries',
    )
  ).rows[0]!;
  const negative = (
    await db.query<{ user_id: number; account: string; total: string }>(
      `select user_id, account, sum(amount)::text as total from ledger_entries where user_id is not null group by 1, 2 having sum(amount) < 0`,
    )
  ).rows;
  const purchaseRows = (
    await db.query<{ status: string; error: string | null; n: string }>(
      'select status, error, count(*)::text as n from purchases group by 1, 2 order by 1',
    )
  ).rows;
  const withdrawalRows = (
    await db.query<{ status: string; error: string | null; n: string }>(
      `select status, error, count(*)::text as n from crypto_transactions where type = 'OUTPUT' group by 1, 2 order by 1`,
    )
  ).rows;
  const transactionRows = (
    await db.query<{ type: string; status: string; n: string }>(
      `select type, status, count(*)::text as n from crypto_transactions group by 1, 2 order by 1, 2`,
    )
  ).rows;
  const summary = (list: { status: string; error?: string | null; n: string }[]) =>
    list.map((r) => `${r.n} ${r.status}${r.error ? ` (${r.error})` : ''}`).join(', ') || 'none';
  const completed = purchaseRows.filter((r) => r.status === 'COMPLETED').reduce((n, r) => n + Number(r.n), 0);
  const confirmedWithdrawals = withdrawalRows
    .filter((r) => r.status === 'CONFIRMED')
    .reduce((n, r) => n + Number(r.n), 0);

  console.log(
    `\n  settle: ${settled ? 'settled' : 'NOT settled'} ${settleSeconds.toFixed(1)} s after the load (${open.purchasing} purchases PROCESSING, ${open.queued} QUEUED, ${open.withdrawing} withdrawals open, ${open.depositing} deposits not credited)`,
  );
  if (!settled) problems.push('the workers did not settle within 2 minutes');
  const sortedVisible = [...depositVisible].sort((a, b) => a - b);
  // The credit's own time: its first ledger row (the ledger is append-only).
  const credits = (
    await db.query<{ user_id: number; credited: Date }>(
      `select t.user_id, min(l.created_at) as credited from crypto_transactions t join ledger_entries l on l.transaction_id = t.id
        where t.type = 'INPUT' and t.currency = 'USDT' group by t.user_id`,
    )
  ).rows;
  const creditMs = credits
    .filter((r) => mintedAt.has(r.user_id))
    .map((r) => r.credited.getTime() - mintedAt.get(r.user_id)!)
    .sort((a, b) => a - b);
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `  deposits: ${chainOps.mintUsdt.length} USDT mints and ${chainOps.setNative.length} BNB top-ups by the chain's faucet${chainOps.failed.length ? ` (${chainOps.failed.length} FAILED)` : ''}; mined -> credited in the ledger p50 ${sec(percentile(creditMs, 0.5))} s, p90 ${sec(percentile(creditMs, 0.9))} s, max ${sec(percentile(creditMs, 1))} s (${creditMs.length} deposits, 1 confirmation, workers poll every 3 s); -> seen by its user (who looks once a loop) p50 ${sortedVisible.length ? `${sec(percentile(sortedVisible, 0.5))} s` : 'n/a'}`,
  );
  const gaps = cursorMoves
    .slice(1)
    .map((at, i) => at - cursorMoves[i]!)
    .sort((a, b) => a - b);
  if (gaps.length) {
    console.log(
      `  chain workers' passes during the load (deposit cursor saved every p50 ${sec(percentile(gaps, 0.5))} s, p90 ${sec(percentile(gaps, 0.9))} s, max ${sec(percentile(gaps, 1))} s; ${gaps.length + 1} passes)`,
    );
  }
  const balanced = BigInt(ledger.total) === 0n;
  console.log(
    `  ledger: sum of ${ledger.rows} ledger_entries = ${ledger.total} ${balanced ? '(balanced)' : 'UNBALANCED'}; user accounts below zero: ${negative.length}`,
  );
  if (!balanced) problems.push(`the ledger sums to ${ledger.total} wei`);
  for (const row of negative)
    problems.push(`user ${row.user_id} ${row.account} is ${formatEther(BigInt(row.total))} USDT`);
  const openPurchases = purchaseRows.filter((r) => !['COMPLETED', 'CANCELED', 'FAILED'].includes(r.status));
  console.log(
    `  purchases: ${summary(purchaseRows)} -> ${openPurchases.length ? 'NOT all final' : 'all COMPLETED/CANCELED/FAILED'}`,
  );
  for (const row of openPurchases) problems.push(`${row.n} purchases ${row.status}`);
  console.log(`  withdrawals: ${summary(withdrawalRows)}`);
  console.log(`  transactions: ${transactionRows.map((r) => `${r.type} ${r.status} ${r.n}`).join(', ')}`);
  console.log(`  completed: ${completed} purchases, ${confirmedWithdrawals} withdrawals`);

  // The chain agrees: each completed purchase's token is on its buyer's address, each confirmed
  // withdrawal's USDT on its receiver.
  const owned = (
    await db.query<{ user_id: number; nft_id: number }>(
      `select user_id, nft_id from purchases where status = 'COMPLETED'`,
    )
  ).rows;
  let misplaced = 0;
  for (const row of owned) {
    const owner = await chain.gateway.ownerOf(row.nft_id);
    if (owner.toLowerCase() !== chain.gateway.addressOf(row.user_id).toLowerCase()) misplaced++;
  }
  const sent = (
    await db.query<{ counterparty: string; amount: string }>(
      `select counterparty, amount::text from crypto_transactions where type = 'OUTPUT' and status = 'CONFIRMED'`,
    )
  ).rows;
  let missing = 0;
  for (const row of sent)
    if ((await chain.gateway.usdtBalance(row.counterparty as Address)) !== BigInt(row.amount)) missing++;
  console.log(
    `  chain: ${owned.length - misplaced}/${owned.length} bought tokens on their buyer's address, ${sent.length - missing}/${sent.length} withdrawals arrived`,
  );
  if (misplaced) problems.push(`${misplaced} completed purchases whose token is not on the buyer's address`);
  if (missing) problems.push(`${missing} confirmed withdrawals whose USDT did not arrive`);

  console.log(
    `  chain workers' leader (advisory lock holder, sampled every 5 s): ${leaders.map((l) => l.replace('bench-api-', 'API ')).join(' -> ')}`,
  );
  for (const api of apis) {
    console.log(
      `  API ${api.name} log: ${api.errors.length} error lines or other output, ${api.warnings.length} warnings${api.exitedEarly ? `, ${api.exitedEarly.toUpperCase()}` : ''}`,
    );
    for (const line of [...api.errors.slice(0, 5), ...api.warnings.slice(0, 3)])
      console.log(`    ${line.slice(0, 600)}`);
    if (api.exitedEarly) problems.push(`API ${api.name} ${api.exitedEarly}`);
  }
  if (chainOps.failed.length) console.log(`  faucet failures: ${chainOps.failed.slice(0, 3).join(' | ')}`);

  if (total5xx > 0 || totalNetwork > 0)
    problems.unshift(`${total5xx} 5xx answers and ${totalNetwork} requests without an answer`);
  if (failures.length) {
    console.log(`  5xx and unanswered requests (first 10 of ${failures.length}):`);
    for (const line of failures.slice(0, 10)) console.log(`    ${line}`);
  }
  if (problems.length) {
    console.log(`\nFAIL: ${problems.join('; ')}\n  (process logs kept in ${logDir})`);
    process.exitCode = 1;
  } else {
    console.log('\nOK: no 5xx, the ledger balances, every purchase is final');
    cleanups.push(async () => fs.rmSync(logDir, { recursive: true, force: true }));
  }
}

try {
  await main();
} catch (error) {
  console.error(
    `\nFAIL: ${error instanceof Error ? (error.stack ?? error.message) : error}\n  (process logs in ${logDir})`,
  );
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
