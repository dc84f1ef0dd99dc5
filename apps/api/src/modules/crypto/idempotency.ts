import crypto from 'node:crypto';
import { idempotencyKeySchema } from '@app/shared/schemas/crypto';
import { AppError } from '../../lib/app-error';

/** The Idempotency-Key header, required on requests that move money. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return parsed.data;
}

/** A digest of a request body, so one key cannot be reused for a different request. */
export const requestHash = (body: unknown) => crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
