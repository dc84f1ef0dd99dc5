import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { avatarUrl, isPrivateRelay, type AuthRecordResponse, type Me } from '@app/shared/schemas/user';
import type { Db } from '../../db/client';
import { kycApplications, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ProfileCache } from '../sessions/session-cache';
import { freezeAnswer } from '../../lib/kept-answer-serializer';

/** The user row as GET /api/user/me shows it, all but the checkmark (getMe adds it). */
export function toMe(row: UserRow): Omit<Me, 'verified'> {
  return {
    id: row.id,
    role: row.role,
    isPartner: row.isPartner,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    privateRelay: isPrivateRelay(row.email),
    hasPassword: row.passwordHash !== null,
    surName: row.surName,
    phone: row.phone,
    country: row.country,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    profile: {
      bdate: row.birthday?.toISOString() ?? null,
      domain: row.domain,
      firstName: row.firstName,
      lastName: row.lastName,
      gender: row.gender,
      avatar: row.avatarMediaId ? avatarUrl(row.avatarMediaId) : null,
    },
  };
}

/** GET /api/user/me's one read: the user row and whether an approved KYC application exists, prepared once per database. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareMe>>();
const prepareMe = (db: Db) =>
  db
    .select({
      ...getTableColumns(users),
      verified: sql<boolean>`exists (${db
        .select({ id: kycApplications.id })
        .from(kycApplications)
        .where(and(eq(kycApplications.userId, users.id), eq(kycApplications.status, 'approved')))})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_me');

export async function getMe(db: Db, userId: number): Promise<Me> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareMe(db)));
  const [row] = await query.execute({ id: userId });
  if (!row) throw new AppError('TOKEN_INVALID');
  const { verified, ...user } = row;
  return { ...toMe(user), verified: verified === true };
}

/**
 * GET /api/user/me: the answer this process gave lately, else getMe's. Any committed change of a
 * user row or a KYC application, by any code on any process, drops every kept answer before that
 * code goes on (decision 033); a read that overlapped such a change keeps nothing. The answer is
 * frozen, so the route's serializer can keep its JSON (lib/kept-answer-serializer.ts).
 */
export async function getCachedMe(db: Db, profiles: ProfileCache, userId: number): Promise<Me> {
  const kept = profiles.get(userId);
  if (kept) return kept;
  const mark = profiles.mark();
  const me = await getMe(db, userId);
  // Frozen all the way down: what is kept cannot change, so its JSON can be kept with it.
  profiles.set(userId, freezeAnswer(me), mark);
  return me;
}

/**
 * A token and the user with profile: the answer of login, register and profile update. The token
 * is a new session's (a sign-in) or the current session's again (profile update).
 */
export async function issueAuthRecord(db: Db, token: Promise<string>, userId: number): Promise<AuthRecordResponse> {
  const [user, signed] = await Promise.all([getMe(db, userId), token]);
  return { token: signed, user };
}
