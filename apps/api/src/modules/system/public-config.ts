import { z } from 'zod';
import { APP_ENVS } from '@app/shared/constants';
import type { Config } from '../../config';

/** What the browser may know of the configuration (SPEC.md section 9 "Configuration also holds"). */
export const publicConfigSchema = z.object({
  appEnv: z.enum(APP_ENVS),
  appStoreUrl: z.string().nullable(),
  supportEmail: z.string(),
  socialUrl: z.string().nullable(),
  minAge: z.number().int(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export function publicConfigOf(config: Config): PublicConfig {
  return {
    appEnv: config.APP_ENV,
    appStoreUrl: config.APP_STORE_URL ?? null,
    supportEmail: config.SUPPORT_EMAIL,
    socialUrl: config.SOCIAL_URL ?? null,
    minAge: config.MIN_AGE,
  };
}
