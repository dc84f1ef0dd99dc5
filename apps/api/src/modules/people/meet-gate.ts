import { eq } from 'drizzle-orm';
import { isProfileComplete } from '@app/shared/schemas/user';
import { ageOn } from '@app/shared/validation/rules';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * Who may take part in meet and play (raise a hand, see the map and hand cards, watch the live
 * map, chat): an adult with a complete profile. The same rule everywhere, on the server.
 */
export function assertMeetAllowed(user: UserRow, minAge: number, now: number): void {
  const profile = {
    bdate: user.birthday?.toISOString() ?? null,
    domain: user.domain,
    firstName: user.firstName,
    lastName: user.lastName,
    gender: user.gender,
    avatar: null,
  };
  if (!isProfileComplete(profile)) throw new AppError('PROFILE_INCOMPLETE');
  if (ageOn(user.birthday!, new Date(now)) < minAge) throw new AppError('ADULTS_ONLY');
}

/** The gate for a user by id; a user who is gone answers TOKEN_INVALID. */
export async function checkMeetGate(db: Db, userId: number, minAge: number, now: number): Promise<void> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('TOKEN_INVALID');
  assertMeetAllowed(row, minAge, now);
}

/** A preHandler (after authenticate) that applies the gate to the signed-in caller. */
export const meetGate =
  (db: Db, minAge: number, now: () => number = Date.now) =>
  async (request: { auth?: { id: number } }) =>
    checkMeetGate(db, request.auth!.id, minAge, now());
