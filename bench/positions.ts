/**
 * `node --import tsx bench/positions.ts`: precise position fixes ingested per second with meeting
 * detection on, through the real transport (decision 037), in process and with the detection state
 * on Redis (REDIS_URL, else 127.0.0.1:6379 when it answers; skipped otherwise).
 *
 * Many pairs report at once, each phone every 5 s of simulated time (the server's clock is held
 * and moved round by round), half the pairs standing together (their meetings are found on the way:
 * the meeting row, the pushes and the notifications happen as in production) and half 30 m apart.
 * Each round's fixes of one phase are all in flight at once. Three layers:
 *  - detection: the state store and the detector alone, no transport (device clock, movement check,
 *    detector, one atomic read-modify-write per fix);
 *  - socket: 'meeting:fix' on each phone's own socket.io connection, acked with the progress: the
 *    whole path (rate limit, validation, the session, the device sighting, the peer check, detection,
 *    the meeting row and the live pushes when they happen), on in-memory PGlite;
 *  - HTTP: the same through POST /api/meet/meetings/:peerId/position (the fallback and other clients).
 * The clients run in a worker thread (socket.io-client, fetch), so they do not share the server's
 * event loop; next to them, in the same run, a bare socket.io server that acks each fix at once
 * (the same clients, the same messages) gives the transport's own ceiling, and each figure is also a
 * ratio to it. The server's event-loop utilisation says whether the server or the clients limited.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';
import type { MeetingProgress } from '../packages/shared/src/schemas/meet';
import type {
  ClientToServerEvents,
  MeetingFixAnswer,
  ServerToClientEvents,
} from '../packages/shared/src/socket-events';
import { offsetMeters } from '../apps/api/src/modules/meet/detector/geo';

const socketPairs = Number(process.env.BENCH_POSITION_PAIRS ?? 250);
const socketMinutes = Number(process.env.BENCH_POSITION_MINUTES ?? 21);
const httpMinutes = Number(process.env.BENCH_POSITION_HTTP_MINUTES ?? 3);
const corePairs = Number(process.env.BENCH_PAIRS ?? 1000);
const coreMinutes = Number(process.env.BENCH_MINUTES ?? 21);
/** Which layers and states to run (comma-separated: detection, bare, socket, http, memory, redis); all by default. */
const layers = new Set((process.env.BENCH_POSITION_LAYERS ?? 'detection,bare,socket,http,memory,redis').split(','));
const INTERVAL_MS = 5_000;
const PHASES = [0, 2_500] as const;
const T0 = Date.UTC(2025, 5, 1, 12);
const ORIGIN = { lat: 55.7558, lng: 37.6173 };
const CONNECT_BATCH = 100;

/** mulberry32, so runs compare. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sender {
  userId: number;
  peerId: number;
  /** Where this phone stands, metres from the pair's spot. */
  north: number;
  east: number;
  /** Phase inside the 5 s round, so the two phones of a pair do not report in lockstep. */
  phaseMs: number;
  /** The pair's spot, spread over a city. */
  base: { lat: number; lng: number };
}

/** Two phones per pair; even pairs 1 m apart, odd pairs 30 m apart. */
function senders(pairs: number, idOf: (n: number) => number): Sender[] {
  const random = seeded(7);
  const list: Sender[] = [];
  for (let p = 0; p < pairs; p++) {
    const base = offsetMeters(ORIGIN, (random() - 0.5) * 20_000, (random() - 0.5) * 20_000);
    const [a, b] = [idOf(2 * p), idOf(2 * p + 1)];
    const apart = p % 2 === 0 ? 1 : 30;
    list.push({ userId: a, peerId: b, north: 0, east: 0, phaseMs: 0, base });
    list.push({ userId: b, peerId: a, north: 0, east: apart, phaseMs: 2_500, base });
  }
  return list;
}

function fixOf(sender: Sender, at: number, random: () => number) {
  const noise = () => (random() - 0.5) * 4;
  const position = offsetMeters(sender.base, sender.north + noise(), sender.east + noise());
  return { lat: position.lat, lng: position.lng, accuracy: 4, at };
}

interface Result {
  fixes: number;
  met: number;
  seconds: number;
  perSecond: number;
}

/** Every fix of one 5 s round, the two phases one after the other, each phase all at once. */
async function rounds(
  list: Sender[],
  minutes: number,
  send: (sender: Sender, at: number) => Promise<boolean>,
  atPhase: (now: number) => Promise<void> | void = () => undefined,
): Promise<Result> {
  const random = seeded(11);
  const total = Math.round((minutes * 60_000) / INTERVAL_MS);
  const byPhase = PHASES.map((phase) => list.filter((s) => s.phaseMs === phase));
  let fixes = 0;
  let met = 0;
  const started = performance.now();
  for (let round = 0; round < total; round++) {
    for (const [i, phase] of PHASES.entries()) {
      const now = T0 + round * INTERVAL_MS + phase;
      await atPhase(now);
      const batch = byPhase[i]!;
      const results = await Promise.all(batch.map((s) => send(s, now - 1234 + Math.floor(random() * 50))));
      fixes += batch.length;
      met += results.filter(Boolean).length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { fixes, met, seconds, perSecond: fixes / seconds };
}

// ---------------------------------------------------------------- the clients (worker thread)

interface ClientPhone extends Sender {
  token: string;
  fingerprint: string;
}
interface ClientsInput {
  url: string;
  transport: 'socket' | 'http';
  phones: ClientPhone[];
  minutes: number;
}
type ToClients = { type: 'start' } | { type: 'clock-set' } | { type: 'close' };
type FromClients =
  | { type: 'ready'; connectSeconds: number }
  | { type: 'clock'; now: number }
  | { type: 'done'; result: Result; refused: number; firstRefusal: string | null };

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function runClients({ url, transport, phones, minutes }: ClientsInput): Promise<void> {
  const port = parentPort!;
  const inbox: ToClients[] = [];
  let wake: (() => void) | undefined;
  port.on('message', (message: ToClients) => {
    inbox.push(message);
    wake?.();
  });
  const receive = async <T extends ToClients['type']>(type: T) => {
    for (;;) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0] as Extract<ToClients, { type: T }>;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };

  const connectStarted = performance.now();
  const sockets = new Map<number, ClientSocket>();
  if (transport === 'socket') {
    for (let start = 0; start < phones.length; start += CONNECT_BATCH) {
      await Promise.all(
        phones.slice(start, start + CONNECT_BATCH).map(async (phone) => {
          const socket: ClientSocket = connect(url, {
            path: '/socket.io',
            reconnection: false,
            forceNew: true,
            transports: ['websocket'],
            auth: { accessKey: phone.token },
          });
          sockets.set(phone.userId, socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('session:ready', () => resolve());
            socket.once('connect_error', reject);
          });
        }),
      );
    }
  }
  port.postMessage({
    type: 'ready',
    connectSeconds: (performance.now() - connectStarted) / 1000,
  } satisfies FromClients);
  await receive('start');

  const byUser = new Map(phones.map((p) => [p.userId, p]));
  const random = seeded(5);
  /** Pairs whose meeting an answer reported: the first 'met' of a pair is the meeting found. */
  const metPairs = new Set<string>();
  const firstMet = (sender: Sender) => {
    const key = [sender.userId, sender.peerId].sort((x, y) => x - y).join(':');
    if (metPairs.has(key)) return false;
    metPairs.add(key);
    return true;
  };
  let refused = 0;
  let firstRefusal: string | null = null;
  const refuse = (what: string) => {
    refused += 1;
    firstRefusal ??= what;
    return false;
  };
  const send = async (sender: Sender, at: number): Promise<boolean> => {
    const phone = byUser.get(sender.userId)!;
    const fix = fixOf(sender, at, random);
    if (transport === 'socket') {
      const answer: MeetingFixAnswer = await sockets
        .get(sender.userId)!
        .emitWithAck('meeting:fix', { peerId: sender.peerId, fix, fingerprint: phone.fingerprint });
      if (!answer.ok) return refuse(JSON.stringify(answer.error));
      return answer.progress.status === 'met' && firstMet(sender);
    }
    const res = await fetch(`${url}/api/meet/meetings/${sender.peerId}/position`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${phone.token}`,
        'content-type': 'application/json',
        'x-device-fingerprint': phone.fingerprint,
      },
      body: JSON.stringify(fix),
    });
    const text = await res.text();
    if (!res.ok) return refuse(`${res.status} ${text}`);
    return (JSON.parse(text) as MeetingProgress).status === 'met' && firstMet(sender);
  };
  const result = await rounds(phones, minutes, send, async (now) => {
    port.postMessage({ type: 'clock', now } satisfies FromClients);
    await receive('clock-set');
  });
  port.postMessage({ type: 'done', result, refused, firstRefusal } satisfies FromClients);
  await receive('close');
  sockets.forEach((socket) => socket.disconnect());
  port.close();
}

// ---------------------------------------------------------------- the server side (main thread)

/**
 * BENCH_POSITION_PROFILE=<dir>: a CPU profile of the server's thread over each measured run only
 * (not the set-up), for Chrome's DevTools or `node --cpu-prof`'s readers.
 */
async function startProfile() {
  const dir = process.env.BENCH_POSITION_PROFILE;
  if (!dir) return undefined;
  const { Session } = await import('node:inspector/promises');
  const fs = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name: string) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      const file = `${dir}/positions-${name}-${Date.now()}.cpuprofile`;
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`  (profile of the server's thread: ${file})`);
    },
  };
}

/** Runs the clients in a worker against `url`; `setClock` holds the server's clock at each phase. */
async function drive(input: ClientsInput, setClock: (now: number) => void) {
  // A worker does not inherit the tsx loader on Node 20: register it there, then load this file.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: input });
  const inbox: FromClients[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  worker.on('message', (message: FromClients) => {
    if (message.type === 'clock') {
      setClock(message.now);
      worker.postMessage({ type: 'clock-set' } satisfies ToClients);
      return;
    }
    inbox.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  const receive = async <T extends FromClients['type']>(type: T) => {
    for (;;) {
      if (failure) throw failure;
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0] as Extract<FromClients, { type: T }>;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const ready = await receive('ready');
  const profile = await startProfile();
  const utilisation = performance.eventLoopUtilization();
  worker.postMessage({ type: 'start' } satisfies ToClients);
  const done = await receive('done');
  const busy = performance.eventLoopUtilization(utilisation).utilization;
  await profile?.stop(`${input.transport}-${input.phones[0]?.token === 'bare' ? 'bare' : 'app'}`);
  worker.postMessage({ type: 'close' } satisfies ToClients);
  await new Promise((r) => setTimeout(r, 200));
  await worker.terminate();
  if (done.refused) throw new Error(`${done.refused} fixes refused, the first: ${done.firstRefusal}`);
  return { ...done.result, connectSeconds: ready.connectSeconds, busy };
}

async function main(): Promise<void> {
  const { Redis } = await import('ioredis');
  const { Server } = await import('socket.io');
  const { buildApp } = await import('../apps/api/src/app');
  const { createRedisClients } = await import('../apps/api/src/lib/redis');
  const { users } = await import('../apps/api/src/db/schema');
  const { ingestIntoPair } = await import('../apps/api/src/modules/meet/meetings/ingest');
  type PairRecord = import('../apps/api/src/modules/meet/meetings/ingest').PairRecord;
  type PairIngest = import('../apps/api/src/modules/meet/meetings/ingest').PairIngest;
  const { MemoryStateStore } = await import('../apps/api/src/modules/meet/meetings/memory-state-store');
  const { RedisStateStore } = await import('../apps/api/src/modules/meet/meetings/redis-state-store');
  type StateStore = import('../apps/api/src/modules/meet/meetings/state-store').StateStore;
  const { pairKey, pairOf } = await import('../apps/api/src/modules/meet/meetings/pair');
  const { testConfig } = await import('../apps/api/test/app');
  const { createTestDatabase } = await import('../apps/api/test/database');
  const { testRedisUrl } = await import('../apps/api/test/services');

  const jwtSecret = 'bench-secret-0123456789-0123456789-0123';
  // Every statement the embedded database runs, counted by its text (BENCH_POSITION_QUERIES=1 prints them).
  const { PGlite } = await import('@electric-sql/pglite');
  const statements = new Map<string, number>();
  const query = PGlite.prototype.query;
  PGlite.prototype.query = function (this: InstanceType<typeof PGlite>, text: string, ...rest: unknown[]) {
    statements.set(text, (statements.get(text) ?? 0) + 1);
    return (query as (...args: unknown[]) => ReturnType<typeof query>).call(this, text, ...rest);
  } as typeof query;
  const countedStatements = () => [...statements.values()].reduce((a, b) => a + b, 0);
  interface Row {
    name: string;
    pairs: number;
    minutes: number;
    result: Result;
    note: string;
    ratio?: number;
  }
  const print = (row: Row) => {
    const { result: r } = row;
    console.log(
      `  ${row.name.padEnd(38)} ${String(row.pairs).padStart(6)} ${String(row.minutes).padStart(4)} ${r.fixes.toLocaleString('en').padStart(9)} ${r.seconds.toFixed(2).padStart(8)} ${r.perSecond.toFixed(0).padStart(9)} ${row.ratio === undefined ? '' : row.ratio.toFixed(2).padStart(7)}   ${row.note}`,
    );
  };

  async function benchCore(name: string, store: StateStore) {
    const list = senders(corePairs, (n) => n + 1);
    const random = seeded(3);
    const result = await rounds(list, coreMinutes, async (sender, at) => {
      const now = at + 1234;
      const pair = pairOf(sender.userId, sender.peerId);
      const outcome = await store.update<PairRecord, PairIngest>(pairKey(pair), now, (current) =>
        ingestIntoPair(current, pair, sender.userId, fixOf(sender, at, random), now),
      );
      return outcome.justMet;
    });
    print({
      name: `detection only, ${name}`,
      pairs: corePairs,
      minutes: coreMinutes,
      result,
      note: `(${result.met} meetings found)`,
    });
  }

  /** The transport's own ceiling: a bare socket.io server acking each fix at once, the same clients. */
  async function benchBare(pairs: number, minutes: number) {
    const server = http.createServer();
    const io = new Server(server, { path: '/socket.io', serveClient: false });
    const answer = {
      ok: true,
      progress: {
        status: 'apart',
        minutesTogether: 0,
        requiredMinutes: 20,
        progressMs: 0,
        requiredMs: 1_200_000,
        metAt: null,
      },
    };
    io.on('connection', (socket) => {
      socket.emit('session:ready', { userId: 0, serverTime: Date.now() });
      socket.on('meeting:fix', (_request: unknown, ack: unknown) => {
        if (typeof ack === 'function') ack(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const phones = senders(pairs, (n) => n + 1).map((s) => ({ ...s, token: 'bare', fingerprint: 'bare' }));
    const result = await drive(
      { url: `http://127.0.0.1:${address.port}`, transport: 'socket', phones, minutes },
      () => undefined,
    );
    io.close();
    server.close();
    const row = { name: 'bare socket.io ack', pairs, minutes, result, note: `(server busy ${busyNote(result)})` };
    print({ ...row, ratio: 1 });
    return result.perSecond;
  }

  async function benchApp(
    transport: 'socket' | 'http',
    state: string,
    pairs: number,
    minutes: number,
    redisUrl: string | undefined,
    bare: number,
  ) {
    const config = testConfig({
      RATE_LIMIT_MAX: String(1e9),
      RATE_LIMIT_AUTH_MAX: String(1e9),
      CLOCK_CONTROL: 'true',
      SOCKET_HANDSHAKES_PER_MINUTE: String(1e9),
    });
    const database = await createTestDatabase();
    const redis = redisUrl ? await createRedisClients(redisUrl) : undefined;
    const { app, services } = await buildApp(config, { database, jwtSecret, redis });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    // The server's clock held at each phase's moment (real time does not flow in between).
    let held = T0;
    services.clock.now = () => held;
    try {
      const created = await database.db
        .insert(users)
        .values(
          Array.from({ length: pairs * 2 }, (_, i) => ({
            email: `p${i}-${crypto.randomBytes(4).toString('hex')}@bench.test`,
            domain: `p${i}${crypto.randomBytes(4).toString('hex')}`,
            firstName: 'Bench',
          })),
        )
        .returning({ id: users.id });
      const ids = created.map((u) => u.id);
      const list = senders(pairs, (n) => ids[n]!);
      const phones: ClientPhone[] = [];
      for (const s of list)
        phones.push({ ...s, token: await app.tokens.sign(s.userId), fingerprint: `bench-device-${s.userId}` });
      statements.clear();
      const result = await drive(
        { url: `http://127.0.0.1:${address.port}`, transport, phones, minutes },
        (now) => void (held = now),
      );
      const perFix = countedStatements() / result.fixes;
      const found = result.met ? `, ${result.met} meetings found` : '';
      print({
        name: `${transport === 'socket' ? "socket 'meeting:fix'" : 'HTTP POST .../position'}, ${state}`,
        pairs,
        minutes,
        result,
        ratio: result.perSecond / bare,
        note: `(server busy ${busyNote(result)}, ${perFix.toFixed(2)} statements per fix${found})`,
      });
      if (process.env.BENCH_POSITION_QUERIES === '1')
        for (const [text, n] of [...statements].sort((a, b) => b[1] - a[1]).slice(0, 15))
          console.log(`      ${(n / result.fixes).toFixed(3)} per fix  ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
    } finally {
      await app.close();
      await redis?.close();
      await database.close();
    }
  }

  /** How busy the server's thread was, and its time per fix: what the server itself spends. */
  const busyNote = (r: Result & { busy: number }) =>
    `${Math.round(r.busy * 100)}%, ${Math.round((r.busy * r.seconds * 1e6) / r.fixes)} µs per fix`;
  console.log(
    `\npositions: fixes ingested per second with meeting detection on; each phone every 5 s of simulated time, half the pairs together; os load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
  console.log(
    `  ${'layer, state'.padEnd(38)} ${'pairs'.padStart(6)} ${'min'.padStart(4)} ${'fixes'.padStart(9)} ${'seconds'.padStart(8)} ${'fixes/s'.padStart(9)} ${'× bare'.padStart(7)}`,
  );
  const redisUrl = layers.has('redis') ? await testRedisUrl() : undefined;
  if (layers.has('detection') && layers.has('memory')) await benchCore('in process', new MemoryStateStore());
  if (redisUrl && layers.has('detection')) {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const keyPrefix = `bench:meetings:${process.pid}`;
    try {
      await benchCore(`Redis (${new URL(redisUrl).host})`, new RedisStateStore({ redis, keyPrefix }));
    } finally {
      const keys = await redis.keys(`${keyPrefix}:*`);
      for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
      await redis.quit();
    }
  }
  const bare = layers.has('bare') ? await benchBare(socketPairs, socketMinutes) : NaN;
  const states: { name: string; url: string | undefined }[] = [];
  if (layers.has('memory')) states.push({ name: 'in process', url: undefined });
  if (redisUrl) states.push({ name: 'Redis', url: redisUrl });
  for (const state of states) {
    if (layers.has('socket')) await benchApp('socket', state.name, socketPairs, socketMinutes, state.url, bare);
    if (layers.has('http')) await benchApp('http', state.name, socketPairs, httpMinutes, state.url, bare);
  }
  if (!redisUrl && layers.has('redis'))
    console.log('  Redis: not reachable (set REDIS_URL or run one on 127.0.0.1:6379), skipped');
  console.log(
    `  issue 19's targets: socket >= 10,000 fixes/s in process, >= 5,000 with Redis state (os load average now ${os.loadavg()[0]!.toFixed(1)})`,
  );
}

if (isMainThread) await main();
else await runClients(workerData as ClientsInput);
