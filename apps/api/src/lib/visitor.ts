import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HEADERS } from '@app/shared/constants';

const FINGERPRINT = /^[\w-]{8,64}$/;

/**
 * Who a visit is, for "counted once per visitor": the browser's device fingerprint header, or a
 * hash of the address when there is none (never the address itself).
 */
export function visitorOf(request: FastifyRequest): string {
  const fp = request.headers[HEADERS.fingerprint];
  if (typeof fp === 'string' && FINGERPRINT.test(fp)) return `fp:${fp}`;
  return `ip:${crypto.createHash('sha256').update(request.ip).digest('hex').slice(0, 32)}`;
}

/** The partner link and click id the browser sends with every call (SPEC.md section 7). */
export function partnerLinkOf(request: FastifyRequest): { linkId: number; uid: string | null } | null {
  const raw = request.headers[HEADERS.partnerLink];
  const linkId = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!linkId) return null;
  const uid = request.headers[HEADERS.partnerUid];
  return { linkId, uid: typeof uid === 'string' && uid ? uid.slice(0, 200) : null };
}
