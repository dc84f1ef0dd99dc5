import { and, eq } from 'drizzle-orm';
import { avatarUrl, isPrivateRelay, type AuthRecordResponse, type Me } from '@app/shared/schemas/user';
import type { Db } from '../../db/client';
import { kycApplications, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';

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

export async function getMe(db: Db, userId: number): Promise<Me> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('TOKEN_INVALID');
  const [approved] = await db
    .select({ id: kycApplications.id })
    .from(kycApplications)
    .where(and(eq(kycApplications.userId, userId), eq(kycApplications.status, 'approved')))
    .limit(1);
  return { ...toMe(row), verified: approved !== undefined };
}

/**
 * A token and the user with profile: the answer of login, register and profile update. The token
 * is a new session's (a sign-in) or the current session's again (profile update).
 */
export async function issueAuthRecord(db: Db, token: Promise<string>, userId: number): Promise<AuthRecordResponse> {
  const [user, signed] = await Promise.all([getMe(db, userId), token]);
  return { token: signed, user };
}
