import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CpaPeriod, CpaStats } from '@app/shared/schemas/cpa-programme';
import type { Db } from '../../db/client';
import { cpaAttributions, cpaConversions, cpaHits, cpaLinks, cpaPayouts } from '../../db/schema';
import { fromWei } from '../../lib/wei';

const PERIOD_DAYS: Record<CpaPeriod, number | null> = { '7d': 7, '30d': 30, '90d': 90, all: null };

interface Figures {
  hits: number;
  regs: number;
  value: bigint;
  profit: bigint;
  paid: bigint;
}
const zero = (): Figures => ({ hits: 0, regs: 0, value: 0n, profit: 0n, paid: 0n });
const show = (f: Figures) => ({
  hits: f.hits,
  regs: f.regs,
  value: fromWei(f.value),
  profit: fromWei(f.profit),
  paid: fromWei(f.paid),
});
const dayOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The first day of a period (UTC midnight, so the first day is whole), or null for all time. */
export function periodStart(period: CpaPeriod, now: Date): Date | null {
  const days = PERIOD_DAYS[period];
  if (days === null) return null;
  const start = new Date(now);
  start.setUTCHours(0, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start;
}

/**
 * A partner's figures per link and per day, every one computed from the records: hits (counted
 * visits), regs (attributed registrations), value (what the link's people spent on purchases),
 * profit (approved and paid rewards) and paid (rewards whose payout reached the wallet).
 */
export async function partnerStats(
  db: Db,
  partnerId: number,
  query: { period: CpaPeriod; linkId?: number },
  now: Date,
): Promise<CpaStats & { linkNames: Map<number, string> }> {
  const links = await db
    .select({ id: cpaLinks.id, name: cpaLinks.name })
    .from(cpaLinks)
    .where(and(eq(cpaLinks.userId, partnerId), query.linkId ? eq(cpaLinks.id, query.linkId) : undefined));
  const ids = links.map((l) => l.id);
  const since = periodStart(query.period, now);
  const byLink = new Map<number, Figures>(ids.map((id) => [id, zero()]));
  const byDay = new Map<string, Figures>();
  const add = (linkId: number, day: string, apply: (f: Figures) => void) => {
    apply(byLink.get(linkId)!);
    if (!byDay.has(day)) byDay.set(day, zero());
    apply(byDay.get(day)!);
  };
  if (ids.length) {
    const within = (column: AnyPgColumn): SQL | undefined => (since ? gte(column, since) : undefined);
    const [hits, regs, conversions] = await Promise.all([
      db
        .select({ linkId: cpaHits.linkId, day: dayOf(cpaHits.createdAt), n: sql<number>`count(*)::int` })
        .from(cpaHits)
        .where(and(inArray(cpaHits.linkId, ids), within(cpaHits.createdAt)))
        .groupBy(cpaHits.linkId, dayOf(cpaHits.createdAt)),
      db
        .select({
          linkId: cpaAttributions.linkId,
          day: dayOf(cpaAttributions.registeredAt),
          n: sql<number>`count(*)::int`,
        })
        .from(cpaAttributions)
        .where(and(inArray(cpaAttributions.linkId, ids), within(cpaAttributions.registeredAt)))
        .groupBy(cpaAttributions.linkId, dayOf(cpaAttributions.registeredAt)),
      db
        .select({
          linkId: cpaConversions.linkId,
          day: dayOf(cpaConversions.createdAt),
          value: sql<string>`coalesce(sum(${cpaConversions.value}), 0)::text`,
          profit: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaConversions.status} in ('approved', 'paid')), 0)::text`,
          paid: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaPayouts.status} = 'paid'), 0)::text`,
        })
        .from(cpaConversions)
        .leftJoin(cpaPayouts, eq(cpaPayouts.id, cpaConversions.payoutId))
        .where(and(inArray(cpaConversions.linkId, ids), within(cpaConversions.createdAt)))
        .groupBy(cpaConversions.linkId, dayOf(cpaConversions.createdAt)),
    ]);
    for (const r of hits) add(r.linkId, r.day, (f) => void (f.hits += r.n));
    for (const r of regs) add(r.linkId, r.day, (f) => void (f.regs += r.n));
    for (const r of conversions)
      add(r.linkId, r.day, (f) => {
        f.value += BigInt(r.value);
        f.profit += BigInt(r.profit);
        f.paid += BigInt(r.paid);
      });
  }
  const totals = [...byLink.values()].reduce((sum, f) => {
    sum.hits += f.hits;
    sum.regs += f.regs;
    sum.value += f.value;
    sum.profit += f.profit;
    sum.paid += f.paid;
    return sum;
  }, zero());
  return {
    period: query.period,
    links: [...byLink.entries()].map(([linkId, f]) => ({ linkId, ...show(f) })),
    days: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, f]) => ({ day, ...show(f) })),
    totals: show(totals),
    linkNames: new Map(links.map((l) => [l.id, l.name])),
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quotes for commas and quotes; a leading = + - @ is defused so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The period's figures per link, as CSV for a spreadsheet (one row per link, then the totals). */
export function statsCsv(stats: Awaited<ReturnType<typeof partnerStats>>): string {
  const header = ['link_id', 'link_name', 'hits', 'regs', 'value_usdt', 'profit_usdt', 'paid_usdt'];
  const rows = stats.links.map((l) => [
    l.linkId,
    stats.linkNames.get(l.linkId) ?? '',
    l.hits,
    l.regs,
    l.value,
    l.profit,
    l.paid,
  ]);
  const t = stats.totals;
  rows.push(['', 'total', t.hits, t.regs, t.value, t.profit, t.paid]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** All-time totals of many partners at once (the admins' list): one grouped query per figure. */
export async function partnerTotals(db: Db, partnerIds: number[]) {
  const totals = new Map<number, Figures>(partnerIds.map((id) => [id, zero()]));
  if (partnerIds.length) {
    const [hits, regs, money] = await Promise.all([
      db
        .select({ partnerId: cpaLinks.userId, n: sql<number>`count(*)::int` })
        .from(cpaHits)
        .innerJoin(cpaLinks, eq(cpaLinks.id, cpaHits.linkId))
        .where(inArray(cpaLinks.userId, partnerIds))
        .groupBy(cpaLinks.userId),
      db
        .select({ partnerId: cpaAttributions.partnerId, n: sql<number>`count(*)::int` })
        .from(cpaAttributions)
        .where(inArray(cpaAttributions.partnerId, partnerIds))
        .groupBy(cpaAttributions.partnerId),
      db
        .select({
          partnerId: cpaConversions.partnerId,
          value: sql<string>`coalesce(sum(${cpaConversions.value}), 0)::text`,
          profit: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaConversions.status} in ('approved', 'paid')), 0)::text`,
          paid: sql<string>`coalesce(sum(${cpaConversions.payout}) filter (where ${cpaPayouts.status} = 'paid'), 0)::text`,
        })
        .from(cpaConversions)
        .leftJoin(cpaPayouts, eq(cpaPayouts.id, cpaConversions.payoutId))
        .where(inArray(cpaConversions.partnerId, partnerIds))
        .groupBy(cpaConversions.partnerId),
    ]);
    for (const r of hits) totals.get(r.partnerId)!.hits = r.n;
    for (const r of regs) totals.get(r.partnerId)!.regs = r.n;
    for (const r of money) {
      const f = totals.get(r.partnerId)!;
      f.value = BigInt(r.value);
      f.profit = BigInt(r.profit);
      f.paid = BigInt(r.paid);
    }
  }
  return new Map([...totals].map(([id, f]) => [id, show(f)]));
}
