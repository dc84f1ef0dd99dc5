import crypto from 'node:crypto';

/**
 * Seals short secrets (TOTP keys) with AES-256-GCM under a key derived from the server secret,
 * so a copy of the database alone reveals none. Sealed text: `v1.<iv>.<ciphertext>.<tag>`.
 */
export function createSecretBox(serverSecret: string) {
  const key = crypto.createHash('sha256').update(`${serverSecret}:secret-box`).digest();
  return {
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
