/**
 * One API process of `bench/fanout.ts`'s two-process scenario, started with IPC: the app as
 * `npm start` builds it, on the PostgreSQL database and the Redis the parent names
 * (BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_JWT_SECRET), listening on a free port. It tells the
 * parent its port, and on request the p50 of its own dispatch (per-viewer cards and emits).
 */
import { buildApp } from '../apps/api/src/app';
import { createDatabase } from '../apps/api/src/db/client';
import { createRedisClients } from '../apps/api/src/lib/redis';
import { testConfig } from '../apps/api/test/app';

export type ToProcess = { type: 'stats' } | { type: 'close' };
export type FromProcess =
  { type: 'listening'; port: number; keyPrefix: string } | { type: 'stats'; dispatchP50: number; watchers: number };

const send = (message: FromProcess) => process.send!(message);

const database = await createDatabase({ url: process.env.BENCH_DATABASE_URL!, poolSize: 10 });
const redis = await createRedisClients(process.env.BENCH_REDIS_URL!);
const { app, services } = await buildApp(testConfig({ RATE_LIMIT_MAX: String(1e9) }), {
  database,
  jwtSecret: process.env.BENCH_JWT_SECRET!,
  redis,
});
await app.listen({ port: 0, host: '127.0.0.1' });

const dispatchMs: number[] = [];
const liveMap = services.meetHands.hands.liveMap;
const dispatch = liveMap.dispatch.bind(liveMap);
liveMap.dispatch = (event) => {
  const started = performance.now();
  const sent = dispatch(event);
  if (sent > 0) dispatchMs.push(performance.now() - started);
  return sent;
};

process.on('message', async (message: ToProcess) => {
  if (message.type === 'stats') {
    const sorted = [...dispatchMs].sort((a, b) => a - b);
    send({ type: 'stats', dispatchP50: sorted[Math.floor(sorted.length / 2)] ?? 0, watchers: liveMap.size });
  } else {
    await app.close();
    await redis.close();
    await database.close();
    process.exit(0);
  }
});

const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
send({ type: 'listening', port: address.port, keyPrefix: services.meetHands.hands.keyPrefix });
