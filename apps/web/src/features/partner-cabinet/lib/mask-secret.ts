/**
 * A signing secret as the cabinet shows it until revealed: the Standard Webhooks prefix (whsec_)
 * and the last four characters, so a partner can tell two secrets apart without exposing either.
 */
export function maskSecret(secret: string): string {
  const prefix = secret.startsWith('whsec_') ? 'whsec_' : '';
  const body = secret.slice(prefix.length);
  if (body.length <= 8) return `${prefix}${'•'.repeat(8)}`;
  return `${prefix}${'•'.repeat(12)}${body.slice(-4)}`;
}
