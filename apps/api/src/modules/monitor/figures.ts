import { and, count, eq, gt, inArray, isNull, min, or, sql } from 'drizzle-orm';
import type { MonitorFigures } from '@app/shared/schemas/monitor';
import type { Db } from '../../db/client';
import {
  cpaPostbacks,
  cryptoTransactions,
  dailyRollups,
  hands,
  kycApplications,
  meetings,
  reconciliationDifferences,
} from '../../db/schema';
import { DEAD_LETTER_QUEUE } from '../../jobs/job-queue';
import { fromWei } from '../../lib/wei';
import type { Realtime } from '../../realtime/socket-server';
import { dayOf } from './rollups';

/** A meeting found this long ago and still unconfirmed by one side no longer counts as in progress. */
export const MEETING_IN_PROGRESS_MS = 60 * 60_000;

export interface FiguresDeps {
  db: Db;
  realtime: Realtime;
  /** The app's clock: hands and meetings live on it (tests move it). */
  now: () => number;
}

/**
 * Reads the monitor's figures. Nothing here counts a big table: today's totals come from the
 * rollups, queues from partial or leading-column indexes over their small waiting sets, people
 * online from the sockets themselves.
 */
export async function readFigures({ db, realtime, now }: FiguresDeps): Promise<MonitorFigures> {
  const clockNow = new Date(now());
  const today = dayOf(new Date());

  const rollups = await db
    .select({
      metric: dailyRollups.metric,
      dimension: dailyRollups.dimension,
      count: dailyRollups.count,
      amount: dailyRollups.amount,
    })
    .from(dailyRollups)
    .where(eq(dailyRollups.day, today));
  const total = (metric: string, dimension?: string) => {
    const rows = rollups.filter((r) => r.metric === metric && (dimension === undefined || r.dimension === dimension));
    return {
      count: rows.reduce((sum, r) => sum + r.count, 0),
      amount: rows.reduce((sum, r) => sum + BigInt(r.amount), 0n),
    };
  };

  const [handsRow] = await db.select({ n: count() }).from(hands).where(gt(hands.expiresAt, clockNow));
  const [meetingsRow] = await db
    .select({ n: count() })
    .from(meetings)
    .where(
      and(
        gt(meetings.metAt, new Date(clockNow.getTime() - MEETING_IN_PROGRESS_MS)),
        or(isNull(meetings.lowConfirmedAt), isNull(meetings.highConfirmedAt)),
      ),
    );
  const money = await db
    .select({ type: cryptoTransactions.type, status: cryptoTransactions.status, n: count() })
    .from(cryptoTransactions)
    .where(
      and(
        inArray(cryptoTransactions.type, ['INPUT', 'OUTPUT']),
        inArray(cryptoTransactions.status, ['REQUESTED', 'PROCESSING', 'PENDING', 'FAIL']),
      ),
    )
    .groupBy(cryptoTransactions.type, cryptoTransactions.status);
  const moneyCount = (type: 'INPUT' | 'OUTPUT', statuses: string[]) =>
    money.filter((r) => r.type === type && statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0);
  const [kyc] = await db
    .select({ n: count(), oldest: min(kycApplications.submittedAt) })
    .from(kycApplications)
    .where(eq(kycApplications.status, 'requested'));
  const [postbacksRow] = await db.select({ n: count() }).from(cpaPostbacks).where(eq(cpaPostbacks.state, 'failed'));
  const [differencesRow] = await db
    .select({ n: count() })
    .from(reconciliationDifferences)
    .where(isNull(reconciliationDifferences.resolvedAt));
  // The dead-letter queue is its own partition of the queue's table: only failed jobs are in it.
  const deadLetters = (await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${DEAD_LETTER_QUEUE}`,
  )) as unknown as { rows: { n: number }[] };

  const sockets = await realtime.io.fetchSockets();
  const online = new Set(sockets.map((socket) => socket.data.userId)).size;

  const registrations = total('registrations');
  const mints = total('mints');
  const sales = total('sales');
  const deposits = total('deposits', 'USDT');
  const withdrawals = total('withdrawals');
  return {
    at: new Date().toISOString(),
    online,
    raisedHands: handsRow?.n ?? 0,
    meetingsInProgress: meetingsRow?.n ?? 0,
    registrationsToday: registrations.count,
    mintsToday: mints.count,
    salesToday: sales.count,
    revenueToday: fromWei(sales.amount),
    deposits: {
      pending: moneyCount('INPUT', ['PENDING', 'PROCESSING', 'REQUESTED']),
      // USDT only: the BNB some people send for gas is neither money in nor a deposit to count.
      creditedToday: deposits.count,
      amountToday: fromWei(deposits.amount),
      failed: moneyCount('INPUT', ['FAIL']),
    },
    withdrawals: {
      pending: moneyCount('OUTPUT', ['REQUESTED', 'PROCESSING', 'PENDING']),
      sentToday: withdrawals.count,
      amountToday: fromWei(withdrawals.amount),
      failed: moneyCount('OUTPUT', ['FAIL']),
    },
    kyc: { queue: kyc?.n ?? 0, oldestSubmittedAt: kyc?.oldest ? kyc.oldest.toISOString() : null },
    failedJobs: Number(deadLetters.rows[0]?.n ?? 0),
    failedPostbacks: postbacksRow?.n ?? 0,
    reconciliationDifferences: differencesRow?.n ?? 0,
  };
}
