import type { Profile } from './schemas/user';

/**
 * Whether a profile has what SPEC.md section 4 requires before the app opens (else update-profile).
 * A module without zod: the web's login screen checks this right after signing in, and zod with the
 * user schemas is not in its first load.
 */
export function isProfileComplete(profile: Profile | null | undefined): boolean {
  if (!profile) return false;
  return Boolean(
    profile.bdate &&
    profile.domain &&
    profile.firstName &&
    profile.lastName &&
    (profile.gender === 0 || profile.gender === 1),
  );
}
