import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/**
 * scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1) by default. It runs on libuv's thread
 * pool, off the event loop. The parameters are stored with the hash so the cost can be raised
 * later without breaking old passwords.
 */
export async function hashPassword(password: string, costLog2: number): Promise<string> {
  const N = 2 ** costLog2;
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N,
    r: BLOCK_SIZE,
    p: PARALLELISM,
    maxmem: 256 * N * BLOCK_SIZE,
  });
  return ['scrypt', N, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = Number(n);
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail is not told apart by timing. */
export async function verifyAgainstDummy(password: string, costLog2: number): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing', costLog2);
  await verifyPassword(password, await dummyHash);
  return false;
}
