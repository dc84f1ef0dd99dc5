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
  /** The MapLibre style of the map page (MAP_STYLE_URL): absolute, or a path on this site. */
  mapStyleUrl: z.string(),
  /** The address people use (PUBLIC_URL), for links the pages show: the same on the server and in the browser. */
  publicUrl: z.string(),
  /** ADMIN_HOST (SPEC.md's admin subdomain): in production /control opens only on this host. */
  adminHost: z.string().nullable(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

export function publicConfigOf(config: Config): PublicConfig {
  return {
    appEnv: config.APP_ENV,
    appStoreUrl: config.APP_STORE_URL ?? null,
    supportEmail: config.SUPPORT_EMAIL,
    socialUrl: config.SOCIAL_URL ?? null,
    minAge: config.MIN_AGE,
    mapStyleUrl: config.MAP_STYLE_URL,
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    adminHost: config.ADMIN_HOST || null,
  };
}

/**
 * The origin the map's style (and, for the usual hosted styles, its tiles, glyphs and sprites)
 * comes from, for the page's Content-Security-Policy; null when the style is a path on this site.
 */
export function mapStyleOrigin(styleUrl: string): string | null {
  try {
    const url = new URL(styleUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
