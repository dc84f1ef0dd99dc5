/**
 * `node --import tsx bench/fanout.ts`: hand-update fan-out latency to 1,000 sockets watching one
 * area: from the start of PUT /api/meet/hand to the moment the last of the sockets has its
 * hand:update (each a card computed for that viewer). p50/p99 over BENCH_ROUNDS raises, for:
 *   - in process (no Redis);
 *   - Redis (REDIS_URL, else 127.0.0.1:6379 when it answers): the hand raised on the process that
 *     holds the sockets, and raised on a second API process, so the event crosses the tile channel.
 * The clients run in a worker thread (socket.io-client), so parsing a thousand frames does not
 * share the server's event loop; times are compared on the shared epoch clock. The dispatch column
 * is the server's synchronous share (cards for every viewer and the emits), which depends far less
 * on what else the machine is doing than the end-to-end figures.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { BuiltApp } from '../apps/api/src/app';
import { io as connect, type Socket } from 'socket.io-client';
import type { HandCard, WatchArea } from '../packages/shared/src/schemas/meet';
import type { RedisClients } from '../apps/api/src/lib/redis';

const sockets = Number(process.env.BENCH_SOCKETS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
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

async function main(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { testConfig } = await import('../apps/api/test/app');
  const { createTestDatabase } = await import('../apps/api/test/database');
  const { testRedisUrl } = await import('../apps/api/test/services');
  const { createRedisClients } = await import('../apps/api/src/lib/redis');
  const { users } = await import('../apps/api/src/db/schema');
  const { destination } = await import('../apps/api/src/modules/meet/nearby/geo');

  const jwtSecret = 'bench-secret-0123456789-0123456789-0123';
  const centre = { lat: 55.7558, lng: 37.6173 };

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

    const viewers = await database.db
      .insert(users)
      .values(
        // Complete adult profiles: the live map is only for those who may raise a hand.
        Array.from({ length: sockets }, (_, i) => ({
          email: `viewer${i}-${crypto.randomBytes(4).toString('hex')}@bench.test`,
          domain: `viewer${i}${crypto.randomBytes(4).toString('hex')}`,
          firstName: 'Viewer',
          lastName: 'Bench',
          gender: 1,
          birthday: new Date(Date.UTC(1990, 2, 5)),
        })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(viewers.map((v) => host.tokens.sign(v.id)));
    const areas = viewers.map((_, i) => {
      const at = destination(centre, (i * 137) % 360, (i % 30) * 100);
      return { lat: at.lat, lng: at.lng, radius: 10_000 };
    });
    const [subject] = await database.db
      .insert(users)
      .values({
        email: 'subject@bench.test',
        domain: 'subject',
        firstName: 'Anna',
        lastName: 'Petrova',
        gender: 1,
        birthday: new Date(Date.UTC(1990, 2, 5)),
      })
      .returning({ id: users.id });
    const auth = { authorization: `Bearer ${await origin.tokens.sign(subject!.id)}` };

    // A worker does not inherit the tsx loader on Node 20: register it there, then load this file.
    const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { url, tokens, areas } satisfies ClientsInput });
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
    const connectStarted = performance.now();
    await receive('ready');
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
    const last: number[] = [];
    const first: number[] = [];
    for (let round = 0; round < warmup + rounds; round++) {
      const note = `round ${round}`;
      worker.postMessage({ type: 'arm', note } satisfies ToClients);
      await receive('armed');
      const started = epochNow();
      const res = await origin.inject({
        method: 'PUT',
        url: '/api/meet/hand',
        headers: auth,
        payload: { mood: 'chat', note, durationHours: 1, position: { ...destination(centre, 45, 500), accuracy: 10 } },
      });
      if (res.statusCode !== 200) throw new Error(`raise failed: ${res.body}`);
      const done = await receive('done');
      if (round >= warmup) {
        first.push(done.first - started);
        last.push(done.last - started);
      }
    }
    worker.postMessage({ type: 'close' } satisfies ToClients);
    await worker.terminate();
    last.sort((a, b) => a - b);
    first.sort((a, b) => a - b);
    const work = dispatchMs.slice(warmup).sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(40)} ${percentile(last, 0.5).toFixed(1).padStart(8)} ${percentile(last, 0.99).toFixed(1).padStart(8)} ${percentile(first, 0.5).toFixed(1).padStart(10)} ${percentile(work, 0.5).toFixed(1).padStart(12)}   (${sockets} sockets connected and watching in ${connectSeconds.toFixed(1)} s)`,
    );

    const prefix = hostServices.meetHands.hands.keyPrefix;
    await origin.close();
    if (origin !== host) await host.close();
    if (redisClients[0]) await redisClients[0].client.del(`${prefix}:nearby:geo`, `${prefix}:nearby:last`);
    await Promise.all(redisClients.map((r) => r.close()));
    await database.close();
  }

  console.log(
    `\nfan-out: a hand update to ${sockets.toLocaleString('en')} sockets watching one area, ${rounds} raises (after ${warmup} warm-up), one at a time`,
  );
  console.log(`  PUT /api/meet/hand to the last socket's hand:update (p50, p99), to the first (p50), and the`);
  console.log(
    `  sockets' process's dispatch (per-viewer cards and emits, p50); os load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `  ${''.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'first ms'.padStart(10)} ${'dispatch ms'.padStart(12)}`,
  );
  await scenario('in process', undefined, false);
  const redisUrl = await testRedisUrl();
  if (!redisUrl) {
    console.log('  Redis: not reachable (set REDIS_URL or run one on 127.0.0.1:6379), skipped');
  } else {
    await scenario('Redis, raised on the sockets’ process', redisUrl, false);
    await scenario('Redis, raised on another process', redisUrl, true);
  }
}

if (isMainThread) await main();
else await runClients(workerData as ClientsInput);
