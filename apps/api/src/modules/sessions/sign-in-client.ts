import type { FastifyRequest } from 'fastify';
import { deviceLabel } from './device-label';

/** What the sessions list shows of a sign-in. */
export interface SignInClient {
  device: string;
  country: string | null;
}

/** Cloudflare's "unknown" and "Tor" stand in the same header; they name no country. */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);

/**
 * The device from the user agent, and the country from the proxy's header (CF-IPCountry by
 * default) only when a proxy is trusted: without one, anybody could send that header.
 */
export function signInClientOf(request: FastifyRequest, opts: { trustProxy: boolean; countryHeader: string }) {
  const header = opts.trustProxy ? request.headers[opts.countryHeader] : undefined;
  const code = typeof header === 'string' ? header.trim().toUpperCase() : '';
  return {
    device: deviceLabel(request.headers['user-agent']),
    country: /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : null,
  } satisfies SignInClient;
}
