import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_SIGN_IN_PATHS } from '@app/shared/schemas/provider-sign-in';
import { SIGN_IN_TTL_MS } from './service';

/**
 * Remembers in the browser which sign-in it started, so a finished sign-in can only be claimed
 * there. SameSite=Lax is enough: the claim is a same-site fetch; the provider's cross-site POST
 * to the callback does not need the cookie.
 */
const COOKIE = 'provider_sign_in';
const PATH = PROVIDER_SIGN_IN_PATHS.start;

function attributes(secure: boolean, maxAgeSeconds: number) {
  return [`Path=${PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`, ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

export function setStateCookie(reply: FastifyReply, state: string, secure: boolean) {
  reply.header('set-cookie', `${COOKIE}=${state}; ${attributes(secure, SIGN_IN_TTL_MS / 1000)}`);
}

export function clearStateCookie(reply: FastifyReply, secure: boolean) {
  reply.header('set-cookie', `${COOKIE}=; ${attributes(secure, 0)}`);
}

export function readStateCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === COOKIE) return part.slice(index + 1).trim() || undefined;
  }
  return undefined;
}
