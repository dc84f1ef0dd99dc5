import { SignJWT, jwtVerify, errors } from 'jose';
import { AUTH_TOKEN_EXPIRY_SECONDS } from '@app/shared/constants';
import { AppError } from './app-error';

export interface TokenClaims {
  userId: number;
}

/** Issues and checks the JWT of SPEC.md (HS256, 259200 s). */
export function createTokenService(secret: string, expirySeconds = AUTH_TOKEN_EXPIRY_SECONDS) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: number): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${expirySeconds}s`)
        .sign(key);
    },
    /** Throws AppError(TOKEN_INVALID) for a bad, expired or malformed token. */
    async verify(token: string): Promise<TokenClaims> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) throw new AppError('TOKEN_INVALID');
        return { userId };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JOSEError) throw new AppError('TOKEN_INVALID');
        throw error;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
