import { parseKey32 } from '../../lib/key-32';
import crypto from 'node:crypto';

/** `KYC1` + 12-byte IV + 16-byte tag + ciphertext: a stored KYC file never starts like an image. */
const MAGIC = Buffer.from('KYC1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts KYC photos at rest with AES-256-GCM under KYC_ENCRYPTION_KEY. The storage key is the
 * additional data, so a file copied under another key (another person's photo) fails to open.
 */
export function createFileCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('KYC encryption key must be 32 bytes');
  return {
    seal(plain: Buffer, storageKey: string): Buffer {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(storageKey));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    open(sealed: Buffer, storageKey: string): Buffer {
      if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a sealed KYC file');
      const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = sealed.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(storageKey));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}
export type FileCipher = ReturnType<typeof createFileCipher>;

/** KYC_ENCRYPTION_KEY as configured: 64 hex characters or 32 bytes in base64 (config parses it too, so it lives in lib). */
export const parseKycKey = parseKey32;
