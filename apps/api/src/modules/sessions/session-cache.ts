import { createPeopleCache } from '../../lib/people-cache';
import type { Role } from '@app/shared/constants';
import type { Me } from '@app/shared/schemas/user';

/** What the auth check needs of a session and its user: one row of sessions joined to users. */
export interface SessionState {
  userId: number;
  endedAt: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
  secondFactorAt: Date | null;
  role: Role;
  blockedAt: Date | null;
  deletedAt: Date | null;
}

/** Session rows by session id, for the auth check behind every request and socket. */
export const createSessionCache = (options: { ttlMs: number; max?: number }) =>
  createPeopleCache<string, SessionState>({ ...options, name: 'sessions', userOf: (state) => state.userId });

/** GET /api/user/me's answer by user id; any change of users or KYC applications drops them all. */
export const createProfileCache = (options: { ttlMs: number; max?: number }) =>
  createPeopleCache<number, Me>({ ...options, name: 'profiles', userOf: (me) => me.id });

export type SessionCache = ReturnType<typeof createSessionCache>;
export type ProfileCache = ReturnType<typeof createProfileCache>;
