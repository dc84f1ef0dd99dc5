import { isProfileComplete, type Profile } from '@app/shared/schemas/user';
import { ageOn } from '@app/shared/validation/rules';

/** Why meet and play (the map, hands, chat) is closed to a person, or open. */
export type MeetAccess = 'open' | 'profile-incomplete' | 'adults-only';

/**
 * The server's raise-hand gate (apps/api/src/modules/people/meet-gate.ts), read from the signed-in
 * profile so the screens explain it instead of waiting for refusals. Same order as the server:
 * an incomplete profile first, then the age.
 */
export function meetAccess(profile: Profile | null | undefined, minAge: number, now: Date): MeetAccess {
  if (!profile || !isProfileComplete(profile)) return 'profile-incomplete';
  return ageOn(new Date(profile.bdate!), now) < minAge ? 'adults-only' : 'open';
}
