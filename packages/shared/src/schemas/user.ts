import { z } from 'zod';
import { ROLES } from '../constants';

/** SPEC.md section 3 "Profile". */
export const profileSchema = z.object({
  bdate: z.string().nullable(),
  domain: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: z.number().int().nullable(),
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in user as the API returns it (GET /api/user/me). */
export const meSchema = z.object({
  id: z.number().int(),
  role: z.enum(ROLES),
  isPartner: z.boolean(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** An Apple private relay address: mail with codes cannot reach it (SPEC.md section 8). */
  privateRelay: z.boolean(),
  hasPassword: z.boolean(),
  surName: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  locale: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  profile: profileSchema,
  /** KYC approved: the blue checkmark beside the person's own name. */
  verified: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export { isProfileComplete } from '../profile-complete';

/** SPEC.md section 3 "Auth record": what login, register and profile update answer. */
export const authRecordSchema = z.object({ token: z.string(), user: meSchema });
export type AuthRecordResponse = z.infer<typeof authRecordSchema>;

/** The avatar URL of a media id (SPEC.md: /media/avatar/{id}/{size}, default small). */
export const avatarUrl = (mediaId: number, size?: 'small' | 'medium' | 'large') =>
  `/api/media/avatar/${mediaId}${size ? `/${size}` : ''}`;

export const PRIVATE_RELAY_DOMAIN = 'privaterelay.appleid.com';
export const isPrivateRelay = (email: string) => email.toLowerCase().endsWith(`@${PRIVATE_RELAY_DOMAIN}`);
