/**
 * `node --import tsx bench/fanout.ts`: hand-update fan-out latency to the sockets watching one
 * area (BENCH_SOCKETS, 1,000): from the start of PUT /api/meet/hand to the moment the last of the
 * sockets has its hand:update (each a card computed for that viewer). p50/p99 over BENCH_ROUNDS
 * raises, for:
 *   - in process (no Redis);
 *   - Redis (REDIS_URL, else 127.0.0.1:6379 when it answers): the hand raised on the app that
 *     holds the sockets, and raised on a second app in the same process, so the event crosses the
 *     tile channel;
 *   - two API processes of their own on Redis and PostgreSQL (DATABASE_URL, else 127.0.0.1:5432
 *     when it answers), BENCH_PROCESS_SOCKETS (5,000) split between them; BENCH_FANOUT_ONLY=processes
 *     runs only this one.
 * The clients run in a worker thread (socket.io-client), so parsing a thousand frames does not
 * share the server's event loop; times are compared on the shared epoch clock. The dispatch column
 * is the server's synchronous share (cards for every viewer and the emits), which depends far less
 * on what else the machine is doing than the end-to-end figures.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { BuiltApp } from '../apps/api/src/app';
import { io as connect, type Socket } from 'socket.io-client';
import type { HandCard, WatchArea } from '../packages/shared/src/schemas/meet';
import type { RedisClients } from '../apps/api/src/lib/redis';
import type { FromProcess, ToProcess } from './fanout-process';

const sockets = Number(process.env.BENCH_SOCKETS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
// Issue 19: 5,000 sockets over two API processes on Redis, p99 under 200 ms.
const processSockets = Number(process.env.BENCH_PROCESS_SOCKETS ?? 5000);
const warmup = 10;
const CONNECT_BATCH = 100;

const epochNow = () => performance.timeOrigin + performance.now();

interface ClientsInput {
  url: string;
  tokens: string[];
  areas: WatchArea[];
}
type ToClients = { type: 'arm'; note: string } | { type: 'close' };
type FromClients = { type: 'ready' } | { type: 'armed' } | { type: 'done'; first: number; last: number };

/** Worker thread: connects the sockets, watches, and reports when every socket heard a round. */
async function runClients({ url, tokens, areas }: ClientsInput): Promise<void> {
  const port = parentPort!;
  const clients: Socket[] = [];
  let expected = '';
  let count = 0;
  let first = 0;
  const onUpdate = (card: HandCard) => {
    if (card.note !== expected) return;
    const at = epochNow();
    if (count === 0) first = at;
    if (++count === tokens.length) port.postMessage({ type: 'done', first, last: at } satisfies FromClients);
  };
  for (let start = 0; start < tokens.length; start += CONNECT_BATCH) {
    await Promise.all(
      tokens.slice(start, start + CONNECT_BATCH).map(async (token, i) => {
        const socket = connect(url, {
          path: '/socket.io',
          reconnection: false,
          forceNew: true,
          transports: ['websocket'],
          auth: { accessKey: token },
        });
        clients.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('session:ready', () => resolve());
          socket.once('connect_error', reject);
        });
        if (!(await socket.timeout(10_000).emitWithAck('meet:watch', areas[start + i]!)))
          throw new Error('watch refused');
        socket.on('hand:update', onUpdate);
      }),
    );
  }
  port.on('message', (message: ToClients) => {
    if (message.type === 'arm') {
      expected = message.note;
      count = 0;
      port.postMessage({ type: 'armed' } satisfies FromClients);
    } else {
      clients.forEach((socket) => socket.disconnect());
      port.close();
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromClients);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** The clients' worker thread, and a way to wait for its next message of a type. */
async function startClients(input: ClientsInput) {
  // A worker does not inherit the tsx loader on Node 20: register it there, then load this file.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: input });
  const inbox: FromClients[] = [];
  let wake: (() => void) | undefined;
  worker.on('message', (message: FromClients) => {
    inbox.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    console.error(error);
    process.exit(1);
  });
  const receive = async <T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>> => {
    for (;;) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0] as Extract<FromClients, { type: T }>;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  await receive('ready');
  return {
    receive,
    post: (message: ToClients) => worker.postMessage(message),
    async close() {
      worker.postMessage({ type: 'close' } satisfies ToClients);
      await worker.terminate();
    },
  };
}
type Clients = Awaited<ReturnType<typeof startClients>>;

/**
 * Warm-up and measured raises, one at a time: each round arms every clients' thread, raises, and
 * waits until every socket of every thread heard it. Milliseconds from the raise to the first
 * and to the last socket.
 */
async function raiseRounds(clients: Clients[], raise: (note: string) => Promise<void>) {
  const first: number[] = [];
  const last: number[] = [];
  for (let round = 0; round < warmup + rounds; round++) {
    const note = `round ${round}`;
    clients.forEach((c) => c.post({ type: 'arm', note }));
    await Promise.all(clients.map((c) => c.receive('armed')));
    const started = epochNow();
    const heard = Promise.all(clients.map((c) => c.receive('done')));
    await raise(note);
    const done = await heard;
    if (round >= warmup) {
      first.push(Math.min(...done.map((d) => d.first)) - started);
      last.push(Math.max(...done.map((d) => d.last)) - started);
    }
  }
  return { first: first.sort((a, b) => a - b), last: last.sort((a, b) => a - b) };
}

function row(name: string, times: { first: number[]; last: number[] }, dispatchP50: number, note: string): void {
  console.log(
    `  ${name.padEnd(44)} ${percentile(times.last, 0.5).toFixed(1).padStart(8)} ${percentile(times.last, 0.99).toFixed(1).padStart(8)} ${percentile(times.first, 0.5).toFixed(1).padStart(10)} ${dispatchP50.toFixed(1).padStart(12)}   (${note})`,
  );
}

async function main(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { testConfig } = await import('../apps/api/test/app');
  const { createTestDatabase, createServerDatabase, MIGRATIONS } = await import('../apps/api/test/database');
  const { reachable, testRedisUrl } = await import('../apps/api/test/services');
  const { createRedisClients } = await import('../apps/api/src/lib/redis');
  const { createDatabase } = await import('../apps/api/src/db/client');
  const { users } = await import('../apps/api/src/db/schema');
  const { destination } = await import('../apps/api/src/modules/meet/nearby/geo');
  type Database = Awaited<ReturnType<typeof createTestDatabase>>;

  const jwtSecret = 'bench-secret-0123456789-0123456789-0123';
  const centre = { lat: 55.7558, lng: 37.6173 };
  const raiseBody = (note: string) => ({
    mood: 'chat',
    note,
    durationHours: 1,
    position: { ...destination(centre, 45, 500), accuracy: 10 },
  });

  /** `count` viewers with complete adult profiles (the live map is only for those who may raise a hand), their tokens and watch areas around the centre, and the subject who raises. */
  async function people(database: Database, sign: (userId: number) => Promise<string>, count: number) {
    const viewers = await database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `viewer${i}-${crypto.randomBytes(4).toString('hex')}@bench.test`,
          domain: `viewer${i}${crypto.randomBytes(4).toString('hex')}`,
          firstName: 'Viewer',
          lastName: 'Bench',
          gender: 1,
          birthday: new Date(Date.UTC(1990, 2, 5)),
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(viewers.map((v) => sign(v.id)));
    const areas = viewers.map((_, i) => {
      const at = destination(centre, (i * 137) % 360, (i % 30) * 100);
      return { lat: at.lat, lng: at.lng, radius: 10_000 };
    });
    const [subject] = await database.db
      .insert(users)
      .values({
        email: `subject-${crypto.randomBytes(4).toString('hex')}@bench.test`,
        domain: `subject${crypto.randomBytes(4).toString('hex')}`,
        firstName: 'Anna',
        lastName: 'Petrova',
        gender: 1,
        birthday: new Date(Date.UTC(1990, 2, 5)),
      })
      .returning({ id: users.id });
    return { tokens, areas, subjectToken: await sign(subject!.id) };
  }

  /** Apps in this process (sharing its event loop), on PGlite or the DATABASE_URL server. */
  async function scenario(name: string, redisUrl: string | undefined, crossProcess: boolean): Promise<void> {
    const database = await createTestDatabase();
    const config = testConfig({ RATE_LIMIT_MAX: String(1e9) });
    const redisClients: RedisClients[] = [];
    const start = async (): Promise<BuiltApp> => {
      const redis = redisUrl ? await createRedisClients(redisUrl) : undefined;
      if (redis) redisClients.push(redis);
      const built = await buildApp(config, { database, jwtSecret, redis });
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      return built;
    };
    const { app: host, services: hostServices } = await start();
    const origin = crossProcess ? (await start()).app : host;
    const address = host.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const url = `http://127.0.0.1:${address.port}`;
    const { tokens, areas, subjectToken } = await people(database, (id) => host.tokens.sign(id), sockets);

    const connectStarted = performance.now();
    const clients = await startClients({ url, tokens, areas });
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    // The server's own share: the synchronous per-viewer work and emits on the sockets' process.
    const dispatchMs: number[] = [];
    const liveMap = hostServices.meetHands.hands.liveMap;
    const dispatch = liveMap.dispatch.bind(liveMap);
    liveMap.dispatch = (event) => {
      const started = performance.now();
      const sent = dispatch(event);
      if (sent > 0) dispatchMs.push(performance.now() - started);
      return sent;
    };
    const times = await raiseRounds([clients], async (note) => {
      const res = await origin.inject({
        method: 'PUT',
        url: '/api/meet/hand',
        headers: { authorization: `Bearer ${subjectToken}` },
        payload: raiseBody(note),
      });
      if (res.statusCode !== 200) throw new Error(`raise failed: ${res.body}`);
    });
    await clients.close();
    const work = dispatchMs.slice(warmup).sort((a, b) => a - b);
    row(
      name,
      times,
      percentile(work, 0.5),
      `${sockets} sockets connected and watching in ${connectSeconds.toFixed(1)} s`,
    );

    const prefix = hostServices.meetHands.hands.keyPrefix;
    await origin.close();
    if (origin !== host) await host.close();
    if (redisClients[0]) await redisClients[0].client.del(`${prefix}:nearby:geo`, `${prefix}:nearby:last`);
    await Promise.all(redisClients.map((r) => r.close()));
    await database.close();
  }

  /**
   * Two API processes of their own (bench/fanout-process.ts) on one PostgreSQL database and Redis,
   * the sockets split between them, each half's clients in a thread of their own; the hand raised
   * over HTTP on the first process, so half the viewers hear it through the Redis tile channel.
   */
  async function twoProcesses(pgServerUrl: string, redisUrl: string, count: number): Promise<void> {
    const server = await createServerDatabase(pgServerUrl, 'bench');
    const database = await createDatabase({ url: server.url, poolSize: 5 });
    await database.migrate(MIGRATIONS);
    // Only to sign the viewers' sessions into the shared database; it serves nothing.
    const signer = await buildApp(testConfig(), { database, jwtSecret });
    const { tokens, areas, subjectToken } = await people(database, (id) => signer.app.tokens.sign(id), count);
    await signer.app.close();

    const processes = await Promise.all(
      [0, 1].map(async () => {
        const child = fork(fileURLToPath(new URL('./fanout-process.ts', import.meta.url)), {
          execArgv: [
            '--import',
            'tsx',
            ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []),
          ],
          env: {
            ...process.env,
            BENCH_DATABASE_URL: server.url,
            BENCH_REDIS_URL: redisUrl,
            BENCH_JWT_SECRET: jwtSecret,
          },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        const next = <T extends FromProcess['type']>(type: T) =>
          new Promise<Extract<FromProcess, { type: T }>>((resolve, reject) => {
            const onMessage = (message: FromProcess) => {
              if (message.type !== type) return;
              child.off('message', onMessage);
              resolve(message as Extract<FromProcess, { type: T }>);
            };
            child.on('message', onMessage);
            child.once('exit', (code) => reject(new Error(`a bench API process exited (${code})`)));
          });
        const listening = await next('listening');
        return { child, next, url: `http://127.0.0.1:${listening.port}`, keyPrefix: listening.keyPrefix };
      }),
    );
    const half = Math.ceil(count / 2);
    const connectStarted = performance.now();
    const clients = await Promise.all(
      processes.map((p, i) =>
        startClients({
          url: p.url,
          tokens: tokens.slice(i * half, (i + 1) * half),
          areas: areas.slice(i * half, (i + 1) * half),
        }),
      ),
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const times = await raiseRounds(clients, async (note) => {
      const res = await fetch(`${processes[0]!.url}/api/meet/hand`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${subjectToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(raiseBody(note)),
      });
      if (res.status !== 200) throw new Error(`raise failed: ${await res.text()}`);
    });
    const stats = await Promise.all(
      processes.map((p) => {
        const answer = p.next('stats');
        p.child.send({ type: 'stats' } satisfies ToProcess);
        return answer;
      }),
    );
    await Promise.all(clients.map((c) => c.close()));
    row(
      `two processes, ${count.toLocaleString('en')} sockets`,
      times,
      Math.max(...stats.map((s) => s.dispatchP50)),
      `${stats.map((s) => s.watchers).join(' + ')} sockets connected and watching in ${connectSeconds.toFixed(1)} s; dispatch is the slower process's`,
    );
    await Promise.all(
      processes.map(
        (p) =>
          new Promise((resolve) => {
            p.child.once('exit', resolve);
            p.child.send({ type: 'close' } satisfies ToProcess);
          }),
      ),
    );
    const redis = await createRedisClients(redisUrl);
    await redis.client.del(`${processes[0]!.keyPrefix}:nearby:geo`, `${processes[0]!.keyPrefix}:nearby:last`);
    await redis.close();
    await database.close();
    await server.drop();
  }

  console.log(
    `\nfan-out: a hand update to the sockets watching one area, ${rounds} raises (after ${warmup} warm-up), one at a time`,
  );
  console.log(`  PUT /api/meet/hand to the last socket's hand:update (p50, p99), to the first (p50), and the`);
  console.log(
    `  sockets' process's dispatch (per-viewer cards and emits, p50); os load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `  ${''.padEnd(44)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'first ms'.padStart(10)} ${'dispatch ms'.padStart(12)}`,
  );
  const only = process.env.BENCH_FANOUT_ONLY;
  if (only !== 'processes') await scenario('in process', undefined, false);
  const redisUrl = await testRedisUrl();
  if (!redisUrl) {
    console.log('  Redis: not reachable (set REDIS_URL or run one on 127.0.0.1:6379), skipped');
    return;
  }
  if (only !== 'processes') {
    await scenario('Redis, raised on the sockets’ process', redisUrl, false);
    await scenario('Redis, raised on another process', redisUrl, true);
  }
  // Two real processes need a database both can reach: PostgreSQL, not the in-memory PGlite.
  const localPg = 'postgres://postgres@127.0.0.1:5432/test';
  const pgServerUrl = process.env.DATABASE_URL ?? ((await reachable(localPg)) ? localPg : undefined);
  if (!pgServerUrl)
    console.log('  two processes: no PostgreSQL (set DATABASE_URL or run one on 127.0.0.1:5432), skipped');
  else await twoProcesses(pgServerUrl, redisUrl, processSockets);
}

if (isMainThread) await main();
else await runClients(workerData as ClientsInput);
