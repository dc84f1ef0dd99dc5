import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HEADERS } from '@app/shared/constants';

const FINGERPRINT = /^[\w-]{8,64}$/;

/**
 * The one device every request without a well-formed fingerprint is counted on (device
 * protection, partner fraud rules). The web app always sends one, so leaving it out (or sending
 * junk) is what a script farming accounts does: those accounts share this device and are treated
 * like any shared device. Shorter than a real fingerprint, so no browser can land in it.
 */
export const MISSING_FINGERPRINT = 'missing';

/** The device a request is counted on: its fingerprint, or the shared "missing" device. */
export const deviceOf = (fingerprint: unknown): string =>
  typeof fingerprint === 'string' && FINGERPRINT.test(fingerprint) ? fingerprint : MISSING_FINGERPRINT;

/**
 * Who a visit is, for "counted once per visitor": the browser's device fingerprint header, or a
 * hash of the address when there is none (never the address itself).
 */
export function visitorOf(request: FastifyRequest): string {
  const fp = request.headers[HEADERS.fingerprint];
  if (typeof fp === 'string' && FINGERPRINT.test(fp)) return `fp:${fp}`;
  return `ip:${crypto.createHash('sha256').update(request.ip).digest('hex').slice(0, 32)}`;
}

/** The client address as a hash (like visitorOf's fallback): "many people from one address". */
export function addressHashOf(request: FastifyRequest): string {
  return crypto.createHash('sha256').update(`address|${request.ip}`).digest('hex').slice(0, 32);
}

/**
 * The server's own signal for a visit: a keyed hash of the client address, the user agent and the
 * UTC day. Hits count once per visitor id AND once per origin, so rotating the visitor id (or the
 * fingerprint it comes from) from one browser makes one hit a day, not one per request. Keyed, so
 * the stored value cannot be turned back into an address by hashing every IPv4 address.
 */
export function originOf(request: FastifyRequest, secret: string, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  const agent = request.headers['user-agent'] ?? '';
  return crypto.createHmac('sha256', secret).update(`${day}|${request.ip}|${agent}`).digest('hex').slice(0, 32);
}

/** The partner link and click id the browser sends with every call (SPEC.md section 7). */
export function partnerLinkOf(request: FastifyRequest): { linkId: number; uid: string | null } | null {
  const raw = request.headers[HEADERS.partnerLink];
  const linkId = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!linkId) return null;
  const uid = request.headers[HEADERS.partnerUid];
  return { linkId, uid: typeof uid === 'string' && uid ? uid.slice(0, 200) : null };
}
