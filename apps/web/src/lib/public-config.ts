import type { AppEnv } from '@app/shared/constants';

export interface PublicConfig {
  appEnv: AppEnv;
  appStoreUrl: string | null;
  supportEmail: string;
  socialUrl: string | null;
  minAge: number;
  /** The MapLibre style of the map page: absolute, or a path on this site. */
  mapStyleUrl: string;
  /** The address people use, without a trailing slash. */
  publicUrl: string;
  /** In production /control opens only on this host (SPEC.md's admin subdomain). */
  adminHost: string | null;
}

let cached: Promise<PublicConfig> | undefined;

/**
 * The server injects its public configuration into index.html; the Vite dev server does not,
 * so then it is fetched once.
 */
export function getPublicConfig(): Promise<PublicConfig> {
  cached ??= (async () => {
    const injected = document.getElementById('app-config')?.textContent;
    if (injected) return JSON.parse(injected) as PublicConfig;
    const res = await fetch('/api/config/public', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`config: HTTP ${res.status}`);
    return (await res.json()) as PublicConfig;
  })();
  return cached;
}

/** Synchronous read for components rendered after start-up (main.tsx awaits the config). */
let resolved: PublicConfig | undefined;
export async function loadPublicConfig() {
  resolved = await getPublicConfig();
  return resolved;
}
export function publicConfig(): PublicConfig {
  if (!resolved) throw new Error('public config read before start-up finished');
  return resolved;
}

/** The server's rendering of public pages: the config comes from the server itself. */
export function setPublicConfig(config: PublicConfig) {
  resolved = config;
  cached = Promise.resolve(config);
}
