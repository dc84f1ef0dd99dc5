/**
 * `node --import tsx bench/read-path-parts.ts`: what each piece of the app's request handling costs
 * on its own (issue 19: GET /api/user/me's p99). A bare Fastify route, then the same route with one
 * piece added at a time (the /me answer with and without a response schema, through zod as the app
 * serializes or fast-json-stringify; request logging at info; request ids; helmet; the rate limit
 * with its in-process or Redis store), then the app's own /me with silent logs (as bench/run.ts
 * measures it) and at info. Measured as CPU time per request through app.inject (light-my-request's
 * own cost included, no sockets), in rounds of every variant in turn, the median of each: req/s
 * under autocannon moved by half between runs on a loaded machine; CPU time moves less, but it
 * moves too, so read differences of a few µs as noise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { meSchema, type Me } from '@app/shared/schemas/user';
import { buildApp } from '../apps/api/src/app';
import { registerRateLimit } from '../apps/api/src/plugins/rate-limit';
import { registerSecurityHeaders } from '../apps/api/src/plugins/security-headers';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { testRedisUrl } from '../apps/api/test/services';
import { machine } from './measure';

const devNull = fs.createWriteStream(os.devNull);
const infoLogs: FastifyServerOptions['logger'] = { level: 'info', stream: devNull };

// A /me answer as the app gives it, for the pieces that answer one.
const me: Me = {
  id: 1,
  role: 'user',
  isPartner: false,
  email: 'parts@example.com',
  emailVerified: false,
  privateRelay: false,
  hasPassword: true,
  surName: null,
  phone: null,
  country: null,
  locale: 'en',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  profile: { bdate: null, domain: null, firstName: null, lastName: null, gender: null, avatar: null },
  verified: false,
};

async function server(
  options: FastifyServerOptions,
  setup: (app: FastifyInstance) => Promise<void> | void,
  handler: () => object = () => ({ hello: 'world' }),
  schema?: object,
): Promise<Target> {
  const app = Fastify(options);
  await setup(app);
  app.get('/r', schema ? { schema: { response: { 200: schema } } } : {}, async () => handler());
  await app.ready();
  return { app, url: '/r' };
}

interface Target {
  app: FastifyInstance;
  url: string;
  headers?: Record<string, string>;
}

/**
 * The CPU time one request costs through app.inject (the whole of Fastify's handling, hooks and
 * serialization, without sockets), in µs: CPU time, not wall time, so other work on the machine
 * hardly moves it. `batch` requests at a time, after a warm-up.
 */
async function cpuPerRequest(
  target: Target,
  requests = Number(process.env.BENCH_PARTS_REQUESTS ?? 10_000),
  batch = 50,
) {
  const run = async (count: number) => {
    for (let done = 0; done < count; done += batch) {
      await Promise.all(
        Array.from({ length: batch }, () => target.app.inject({ url: target.url, headers: target.headers })),
      );
    }
  };
  await run(Math.max(batch, requests / 10));
  const before = process.cpuUsage();
  await run(requests);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

const redisUrl = await testRedisUrl();
const redis = redisUrl ? new Redis(redisUrl) : undefined;
redis?.on('error', () => undefined);
const meJsonSchema = z.toJSONSchema(meSchema, { target: 'draft-7' });
const none = () => undefined;
const variants: ({ name: string } & Target)[] = [
  { name: 'the /me answer, no response schema', ...(await server({}, none, () => me)) },
  {
    name: 'the /me answer through zod (as the app)',
    ...(await server(
      {},
      (app) => void app.setSerializerCompiler(serializerCompiler),
      () => me,
      meSchema,
    )),
  },
  { name: 'the /me answer, fast-json-stringify', ...(await server({}, none, () => me, meJsonSchema)) },
  { name: 'request log lines at info (pino)', ...(await server({ logger: infoLogs }, none)) },
  {
    name: 'request ids (genReqId and header)',
    ...(await server(
      { genReqId: () => crypto.randomUUID() },
      (app) => void app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id)),
    )),
  },
  {
    name: "security headers (a page's full set, as the app)",
    ...(await server({}, (app) => registerSecurityHeaders(app, { crossOriginEmbedderPolicy: false }))),
  },
  {
    name: 'rate limit, in-process store',
    ...(await server({}, (app) => registerRateLimit(app, { max: 1e9, authMax: 1e9, windowSeconds: 60 }))),
  },
  ...(redis
    ? [
        {
          name: 'rate limit, Redis store',
          ...(await server({}, (app) => registerRateLimit(app, { max: 1e9, authMax: 1e9, windowSeconds: 60, redis }))),
        },
      ]
    : []),
];
const bare = await server({}, none);

// The app with silent logs (as bench/run.ts measures it) and at info (as production logs).
const database = await createTestDatabase();
const dataDirs: string[] = [];
for (const level of ['silent', 'info']) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-'));
  dataDirs.push(dataDir);
  const { app } = await buildApp(testConfig({ RATE_LIMIT_MAX: String(1e9), LOG_LEVEL: level, DATA_DIR: dataDir }), {
    database,
    jwtSecret: 'parts-secret-0123456789-0123456789-0123',
    logStream: { write: () => undefined },
  });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email: `parts-${level}@example.com`, password: 'PartsSecret1' },
  });
  const headers = { authorization: `Bearer ${(registered.json() as { token: string }).token}` };
  variants.push({ name: `the app: GET /api/user/me, logs ${level}`, app, url: '/api/user/me', headers });
}

// Rounds of every variant in turn, the median of each: what other work on the machine does to one
// measurement it does to its neighbours too, and the median drops the rounds it hit hardest.
const rounds = Number(process.env.BENCH_PARTS_ROUNDS ?? 5);
console.log(`${machine()} at the start; ${rounds} rounds\n`);
const all = [{ name: 'bare Fastify', ...bare }, ...variants];
const samples = all.map(() => [] as number[]);
for (let round = 0; round < rounds; round++) {
  for (const [i, target] of all.entries()) samples[i]!.push(await cpuPerRequest(target));
}
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const base = median(samples[0]!);
console.log('CPU per request through app.inject (its own cost included), median of the rounds:');
for (const [i, target] of all.entries()) {
  const cpu = median(samples[i]!);
  const extra = cpu - base;
  console.log(
    `  ${target.name.padEnd(44)} ${cpu.toFixed(1).padStart(6)} µs   ${i ? `${extra >= 0 ? '+' : ''}${extra.toFixed(1)} µs over bare` : ''.padEnd(15)}   (${samples[i]!.map((c) => c.toFixed(0)).join(' ')})`,
  );
}
console.log(`${machine()} at the end`);

for (const variant of variants) await variant.app.close();
for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
redis?.disconnect();
await database.close();
process.exit(0);
