import { SignJWT, jwtVerify, errors } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from './app-error';

export interface TokenClaims {
  userId: number;
  /** The sign-in (row of `sessions`) the token belongs to: ending it ends the token. */
  sessionId: string;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A token the signature check passed is valid until its expiry, as jose counts it (whole seconds). */
const unexpired = (claims: TokenClaims) => claims.expiresAt.getTime() / 1000 > Math.floor(Date.now() / 1000);

/**
 * Issues and checks the JWT of SPEC.md (HS256); its expiry is the session's. A client sends the
 * same token with every request: the claims of a token whose signature was checked are kept
 * (by the exact token text), so the next requests skip the check (jose's costs two bare requests
 * of CPU). Whether its session is still live is the session check's business, on every request.
 */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  const checked = new LRUCache<string, TokenClaims>({ max: 10_000 });
  return {
    /** `issuedAt`: the session's start for a new sign-in, so exp - iat is the whole lifetime to the second. */
    async sign(claims: Omit<TokenClaims, 'expiresAt'>, expiresAt: Date, issuedAt = new Date()): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Throws AppError(TOKEN_INVALID) for a bad, expired or malformed token, or one without a session. */
    async verify(token: string): Promise<TokenClaims> {
      const known = checked.get(token);
      if (known) {
        if (unexpired(known)) return { ...known };
        checked.delete(token);
        throw new AppError('TOKEN_INVALID');
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) throw new AppError('TOKEN_INVALID');
        if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) throw new AppError('TOKEN_INVALID');
        const claims = { userId, sessionId: payload.sid, expiresAt: new Date(payload.exp! * 1000) };
        checked.set(token, claims);
        return { ...claims };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JOSEError) throw new AppError('TOKEN_INVALID');
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
