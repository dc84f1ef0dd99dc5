import { and, count, desc, eq, ilike, inArray, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { NFT_LEVELS } from '@app/shared/constants';
import type { KycLevel } from '@app/shared/schemas/kyc';
import type { PeopleList, PersonDetail, PersonRow } from '@app/shared/schemas/people-control';
import { avatarUrl } from '@app/shared/schemas/user';
import type { Db } from '../../db/client';
import {
  auditLog,
  cryptoTransactions,
  kycApplications,
  ledgerEntries,
  nfts,
  reports,
  sessions,
  staffLevels,
  users,
  wallets,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fromWei } from '../../lib/wei';
import { one } from '../../db/rows';
import { referralOf } from './person-referral';

/** How much of each list a person's page shows: the recent part, the rest is in its own screen. */
const RECENT = 20;

/** Reports about the person still waiting for staff, in the same query. */
const openReportsOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*) from ${reports} where ${reports.userId} = ${userId} and ${reports.status} in ('OPEN', 'ASSIGNED'))`.mapWith(
    Number,
  );

const rowColumns = {
  id: users.id,
  email: users.email,
  domain: users.domain,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  level: staffLevels.level,
  blockedAt: users.blockedAt,
  createdAt: users.createdAt,
  openReports: openReportsOf(users.id),
};

interface Row {
  id: number;
  email: string;
  domain: string | null;
  firstName: string | null;
  lastName: string | null;
  role: PersonRow['role'];
  level: number | null;
  blockedAt: Date | null;
  createdAt: Date;
  openReports: number;
}

const toRow = (row: Row): PersonRow => ({
  id: row.id,
  email: row.email,
  domain: row.domain,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  level: row.role === 'moderator' && row.level !== null ? (NFT_LEVELS[row.level] as KycLevel) : null,
  blockedAt: row.blockedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  openReports: row.openReports,
});

/** `%`, `_` and `\` typed by staff match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = likeText(q);
  const id = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
  return or(
    id === null ? undefined : eq(users.id, id),
    ilike(users.email, like),
    ilike(users.domain, like),
    ilike(users.firstName, like),
    ilike(users.lastName, like),
    sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${like}`,
  );
}

/** GET /control/people: newest accounts first; an exact id comes first when `q` is one. */
export async function listPeople(db: Db, query: { q?: string; offset: number; limit: number }): Promise<PeopleList> {
  const where = and(isNull(users.deletedAt), searchOf(query.q));
  const exactId = query.q && /^#?\d{1,9}$/.test(query.q) ? Number(query.q.replace('#', '')) : 0;
  const [rows, totals] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .leftJoin(staffLevels, eq(staffLevels.userId, users.id))
      .where(where)
      .orderBy(sql`${users.id} = ${exactId} desc`, desc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toRow), total: one(totals).total };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function walletOf(db: Db, userId: number): Promise<PersonDetail['wallet']> {
  const [[wallet], sums] = await Promise.all([
    db.select({ address: wallets.address }).from(wallets).where(eq(wallets.userId, userId)),
    db
      .select({ account: ledgerEntries.account, total: sum(ledgerEntries.amount) })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.account, ['available', 'escrow', 'withdrawing'])),
      )
      .groupBy(ledgerEntries.account),
  ]);
  const of = (account: string) => fromWei(BigInt(sums.find((row) => row.account === account)?.total ?? '0'));
  return {
    address: wallet?.address ?? null,
    available: of('available'),
    escrow: of('escrow'),
    withdrawing: of('withdrawing'),
  };
}

async function kycOf(db: Db, userId: number): Promise<PersonDetail['kyc']> {
  const [application] = await db.select().from(kycApplications).where(eq(kycApplications.userId, userId));
  if (!application) return { application: null, history: [] };
  const history = await db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'kyc_application'),
        eq(auditLog.targetId, String(application.id)),
        inArray(auditLog.action, [
          'kyc.decide',
          'kyc.decision.confirm',
          'kyc.decision.propose',
          'kyc.decision.discard',
        ]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(RECENT);
  return {
    application: {
      id: application.id,
      status: application.status,
      requestedNftType: application.requestedType,
      maxNftType: application.maxNftType,
      attemptNumber: application.attemptNumber,
      revoked: application.revoked,
      submittedAt: iso(application.submittedAt),
      decidedAt: iso(application.decidedAt),
    },
    history: history.map((row) => ({
      action: row.action,
      actorId: row.actorId,
      status: typeof row.details.status === 'string' ? row.details.status : null,
      at: row.at.toISOString(),
    })),
  };
}

/** GET /control/people/{id}: everything staff need to judge an account (its referral side too), each list its recent part. */
export async function personDetail(db: Db, userId: number, now = new Date()): Promise<PersonDetail> {
  const [found] = await db
    .select({ ...rowColumns, user: users })
    .from(users)
    .leftJoin(staffLevels, eq(staffLevels.userId, users.id))
    .where(eq(users.id, userId));
  if (!found) throw new AppError('USER_NOT_FOUND');
  const { user } = found;
  const [wallet, tokens, transactions, kyc, reported, signIns, referral] = await Promise.all([
    walletOf(db, userId),
    db
      .select({ id: nfts.id, type: nfts.type, acquiredAt: nfts.acquiredAt })
      .from(nfts)
      .where(eq(nfts.ownerId, userId))
      .orderBy(nfts.type),
    db
      .select()
      .from(cryptoTransactions)
      .where(eq(cryptoTransactions.userId, userId))
      .orderBy(desc(cryptoTransactions.id))
      .limit(RECENT),
    kycOf(db, userId),
    db.select().from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.id)).limit(RECENT),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt)).limit(RECENT),
    referralOf(db, userId, user.referrerId),
  ]);
  return {
    person: {
      ...toRow(found),
      avatar: user.avatarMediaId ? avatarUrl(user.avatarMediaId) : null,
      birthday: iso(user.birthday),
      gender: user.gender,
      locale: user.locale,
      emailVerified: user.emailVerifiedAt !== null,
      ghost: user.ghost,
      deletedAt: iso(user.deletedAt),
    },
    wallet,
    tokens: tokens.map((row) => ({ id: row.id, type: row.type, acquiredAt: iso(row.acquiredAt) })),
    transactions: transactions.map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status,
      currency: row.currency,
      amount: fromWei(row.amount),
      createdAt: row.createdAt.toISOString(),
    })),
    kyc,
    reports: reported.map((row) => ({
      id: row.id,
      reason: row.reason,
      comment: row.comment,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
    sessions: signIns.map((row) => ({
      id: row.id,
      device: row.device,
      country: row.country,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      live: row.endedAt === null && row.expiresAt > now,
      endedReason: row.endedReason,
    })),
    referral,
  };
}
