/** A 32-byte key given as 64 hex characters or as base64 (KYC_ENCRYPTION_KEY), or null when it is not one. */
export function parseKey32(value: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}
