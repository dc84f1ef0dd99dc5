/**
 * `npm run bench`, referral programme: the referral screen's calls for one person with 10,000
 * referrals and 100,000 rewards (GET /api/referral/stats for each period, the tree list's first and
 * a deep page, a search, and one referral's own list), one request at a time over HTTP, p50 and p99
 * per call. The target is p99 under 50 ms on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { testConfig } from '../apps/api/test/app';
import { createTestDatabase } from '../apps/api/test/database';

const referrals = Number(process.env.BENCH_REFERRALS ?? 10_000);
const rewards = Number(process.env.BENCH_REFERRAL_REWARDS ?? 100_000);
const rounds = Number(process.env.BENCH_REFERRAL_ROUNDS ?? 300);

const config = testConfig({ RATE_LIMIT_MAX: String(1e9), RATE_LIMIT_AUTH_MAX: String(1e9) });
const database = await createTestDatabase();
const { app } = await buildApp(config, { database, jwtSecret: 'bench-secret-0123456789-0123456789-0123' });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const { db } = database;

const registered = await fetch(`${base}/api/user/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench-referrer@example.com', password: 'Secret12' }),
});
const { token, user } = (await registered.json()) as { token: string; user: { id: number } };
const owner = user.id;

console.log(`referral programme: ${referrals} referrals, ${rewards} rewards, database ${database.driver}`);
const seeded = performance.now();
await db.execute(sql`
  insert into users (email, first_name, last_name, domain, referrer_id, created_at)
  select 'bench-ref-' || g || '@example.com', 'Name' || g, 'Last' || g, 'benchnick' || g, ${owner},
         now() - (g % 60) * interval '1 day'
  from generate_series(1, ${referrals}) g`);
await db.execute(sql`
  insert into referral_closure (descendant_id, depth, ancestor_id, created_at)
  select id, 1, ${owner}, created_at from users where referrer_id = ${owner}`);
// A tenth of them brought someone too: the owner's second level, and lists of their own.
await db.execute(sql`
  insert into users (email, first_name, domain, referrer_id, created_at)
  select 'bench-sub-' || u.id || '@example.com', 'Sub' || u.id, 'benchsub' || u.id, u.id, now()
  from users u where u.referrer_id = ${owner} and u.id % 10 = 0`);
await db.execute(sql`
  insert into referral_closure (descendant_id, depth, ancestor_id)
  select s.id, 1, s.referrer_id from users s where s.email like 'bench-sub-%'
  union all
  select s.id, 2, ${owner} from users s where s.email like 'bench-sub-%'`);
const [{ first } = { first: 0 }] = (
  (await db.execute(sql`select min(id)::int as first from users where referrer_id = ${owner}`)) as unknown as {
    rows: { first: number }[];
  }
).rows;
await db.execute(sql`
  insert into referral_rewards (beneficiary_id, referral_id, level, source, source_event, source_ref, amount, status, release_at, created_at)
  select ${owner}, ${first} + (g % ${referrals}), 1,
         (array['basic_meeting', 'paid_meeting', 'business_purchase'])[1 + g % 3],
         'bench-' || g, 'purchase:' || g, 500000000000000000,
         case when g % 4 = 0 then 'pending' else 'available' end, now(),
         now() - (g % 60) * interval '1 day' - (g % 86400) * interval '1 second'
  from generate_series(1, ${rewards}) g`);
// The rollups every reward keeps in its own transaction (modules/referral/rollups.ts), built at once.
await db.execute(sql`
  insert into referral_income_days (beneficiary_id, day, source, status, amount, rewards)
  select beneficiary_id, (created_at at time zone 'UTC')::date, source, status, sum(amount), count(*)
  from referral_rewards group by 1, 2, 3, 4`);
await db.execute(sql`
  insert into referral_income_months (beneficiary_id, month, referral_id, amount)
  select beneficiary_id, to_char(created_at at time zone 'UTC', 'YYYY-MM'), referral_id, sum(amount)
  from referral_rewards group by 1, 2, 3`);
await db.execute(sql`
  update referral_closure c set last_rewarded_at = r.at
  from (select referral_id, max(created_at) as at from referral_rewards group by 1) r
  where c.ancestor_id = ${owner} and c.descendant_id = r.referral_id`);
await db.execute(sql`
  insert into referral_hits (referrer_id, visitor, origin, created_at)
  select ${owner}, 'bench-visitor-' || g, 'bench-origin-' || g, now() - (g % 60) * interval '1 day'
  from generate_series(1, ${referrals * 2}) g`);
if (database.driver === 'postgres') await db.execute(sql`analyze`);
console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`);

const calls: [string, string][] = [
  ['stats 7d', '/api/referral/stats?period=7d'],
  ['stats 14d', '/api/referral/stats?period=14d'],
  ['stats month', '/api/referral/stats?period=month'],
  ['list first page (25)', '/api/referral/list?offset=0&limit=25'],
  ['list deep page (offset 9,000)', '/api/referral/list?offset=9000&limit=25'],
  ['list level 2, 100 rows', '/api/referral/list?depth=2&limit=100'],
  ['list search by nickname', '/api/referral/list?search=benchnick777&limit=25'],
  ['list role business', '/api/referral/list?role=business&limit=25'],
  ["one referral's list", `/api/referral/list/${first + 9}?limit=25`],
  ['rewards, newest first', '/api/referral/rewards?limit=25'],
];

const headers = { authorization: `Bearer ${token}` };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
let worst = 0;
for (const [name, path] of calls) {
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 0.99);
  worst = Math.max(worst, p99);
  console.log(
    `${name.padEnd(32)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms`,
  );
}
console.log(`\nworst p99: ${worst.toFixed(1)} ms (target < 50 ms on PostgreSQL)`);

await app.close();
await database.close();
