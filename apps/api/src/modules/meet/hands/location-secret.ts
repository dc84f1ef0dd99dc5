import crypto from 'node:crypto';

/**
 * The key of the per-viewer map offsets (nearby/privacy.ts viewerOffset). Derived from the app's
 * JWT secret under its own label, like the email-code hasher, so there is no extra variable to set
 * and a leaked offset key says nothing about the signing key (nor the other way round).
 */
export function deriveLocationSecret(jwtSecret: string): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('meet:location-privacy').digest();
}
