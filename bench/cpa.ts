/**
 * `npm run bench`, partner programme: hit recording under 500 concurrent visitors (POST
 * /api/cpa/hits, each request a new visitor), against a bare Fastify hello route measured in the
 * same run; then postback delivery from the outbox to a receiver on loopback (relay -> job ->
 * signed POST -> attempt recorded), in deliveries per second.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';
import { cpaHits, cpaLinks, cpaPartners, cpaPostbacks, users } from '../apps/api/src/db/schema';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const visitors = Number(process.env.BENCH_CPA_VISITORS ?? 500);
const postbacks = Number(process.env.BENCH_CPA_POSTBACKS ?? 2000);

const listen = (app: { listen: (o: { port: number; host: string }) => Promise<string> }) =>
  app.listen({ port: 0, host: '127.0.0.1' });

async function measure(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: visitors, duration: seconds, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const bare = Fastify({ logger: false });
bare.post('/hello', async () => ({ hello: 'world' }));
const bareUrl = await listen(bare);

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received += 1;
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const config = testConfig({
  RATE_LIMIT_MAX: String(1e9),
  RATE_LIMIT_AUTH_MAX: String(1e9),
  CPA_POSTBACK_ALLOW_HOSTS: '127.0.0.1',
});
const database = await createTestDatabase();
const { app, services } = await buildApp(config, { database, jwtSecret: 'bench-secret-0123456789-0123456789-0123' });
const appUrl = await listen(app);
const { db } = database;

const [partner] = await db.insert(users).values({ email: 'bench-partner@example.com' }).returning();
await db.insert(cpaPartners).values({
  userId: partner!.id,
  status: 'approved',
  trafficSources: 'bench',
  contact: 'bench',
  secret: `whsec_${crypto.randomBytes(32).toString('base64')}`,
});
const [link] = await db
  .insert(cpaLinks)
  .values({ userId: partner!.id, name: 'Bench', landing: '/', callbackUrl: `${receiverUrl}/pb?e={event_id}` })
  .returning();

console.log(`partner programme: ${visitors} concurrent visitors, ${seconds} s, database ${database.driver}\n`);
const baseline = await measure(`${bareUrl}/hello`, { method: 'POST' });
let visitor = 0;
const hits = await measure(`${appUrl}/api/cpa/hits`, {
  method: 'POST',
  headers: { 'x-cpa': String(link!.id) },
  requests: [
    {
      // Every request a new visitor: its own fingerprint and browser, so each one is recorded.
      setupRequest: (request) => {
        visitor += 1;
        return {
          ...request,
          headers: {
            ...request.headers,
            'x-device-fingerprint': `bench-visitor-${visitor}`,
            'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/147.0 Safari/537.36 bench/${visitor}`,
          },
        };
      },
    },
  ],
});
const [recorded] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(cpaHits)
  .where(eq(cpaHits.linkId, link!.id));

// Postbacks: queued rows as conversions leave them, delivered by the app's own relay and jobs.
const values = Array.from({ length: postbacks }, () => ({
  id: crypto.randomUUID(),
  partnerId: partner!.id,
  linkId: link!.id,
  conversionId: null,
  action: 'purchase',
  status: 'approved',
  payout: '5000000000000000000',
  uid: 'bench',
  state: 'queued' as const,
}));
for (let i = 0; i < values.length; i += 500) await db.insert(cpaPostbacks).values(values.slice(i, i + 500));
const started = performance.now();
for (;;) {
  await services.cpa.postbacks.relay();
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cpaPostbacks)
    .where(eq(cpaPostbacks.state, 'queued'));
  if (left!.n === 0) break;
  await new Promise((r) => setTimeout(r, 100));
}
const deliverySeconds = (performance.now() - started) / 1000;

const row = (name: string, r: { rps: number; p99: number; errors: number }) =>
  console.log(
    `${name.padEnd(32)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(5)} ms   errors ${r.errors}`,
  );
row('bare Fastify POST /hello', baseline);
row('POST /api/cpa/hits', hits);
console.log(`\nhits / bare ratio: ${(hits.rps / baseline.rps).toFixed(2)}; visits recorded: ${recorded!.n}`);
console.log(
  `postbacks: ${postbacks} delivered in ${deliverySeconds.toFixed(1)} s = ${(postbacks / deliverySeconds).toFixed(0)} deliveries/s (receiver got ${received})`,
);

await app.close();
await bare.close();
receiver.close();
await database.close();
