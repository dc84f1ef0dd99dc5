import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify, parseOptions, type Algorithm } from '@node-rs/argon2';

/**
 * Passwords are hashed with Argon2id (docs/decisions/028-argon2id-passwords.md) at OWASP's
 * parameters by default: 19 MiB of memory, 2 passes, 1 lane. `@node-rs/argon2`'s `hash` and
 * `verify` are napi async tasks: they run on libuv's thread pool, off the event loop. The PHC string
 * (`$argon2id$v=19$m=...,t=...,p=1$salt$key`) carries its parameters, so the cost can be changed
 * later: hashes made with other parameters are rehashed at the next successful login
 * (`needsRehash`). Hashes from before (`scrypt$N$r$p$salt$key`) still verify and are rehashed the
 * same way.
 */
export interface PasswordParams {
  /** Argon2's m, in KiB. */
  memoryKiB: number;
  /** Argon2's t: passes over the memory. */
  passes: number;
}

/** OWASP's Argon2id configuration (Password Storage Cheat Sheet): m = 19 MiB, t = 2, p = 1. */
export const OWASP_PASSWORD_PARAMS: PasswordParams = { memoryKiB: 19 * 1024, passes: 2 };

/**
 * OWASP lists five settings of equal strength, from m = 47 MiB, t = 1 to m = 7 MiB, t = 5. Weaker
 * than the weakest of them (less memory than 7 MiB, or fewer KiB-passes than 7 MiB x 5) is refused
 * in production.
 */
export const MIN_PRODUCTION_PASSWORD = { memoryKiB: 7 * 1024, memoryTimesPasses: 7 * 1024 * 5 } as const;

export function isWeakPasswordParams(params: PasswordParams): boolean {
  return (
    params.memoryKiB < MIN_PRODUCTION_PASSWORD.memoryKiB ||
    params.memoryKiB * params.passes < MIN_PRODUCTION_PASSWORD.memoryTimesPasses
  );
}

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: an ambient const enum, which isolatedModules cannot read
const ARGON2ID_PREFIX = '$argon2id$';
const LANES = 1;
const KEY_LENGTH = 32;

const argon2Options = (params: PasswordParams) => ({
  algorithm: ARGON2ID,
  memoryCost: params.memoryKiB,
  timeCost: params.passes,
  parallelism: LANES,
  outputLen: KEY_LENGTH,
});

// NFKC: the same password typed on different keyboards (composed or decomposed letters) matches.
const normalized = (password: string) => password.normalize('NFKC');

/**
 * How many hashes run at once. Each one keeps a core and a libuv thread busy for tens of
 * milliseconds; with every core hashing, the event loop and the database wait their turn and
 * every other request slows down during a storm of logins. The rest wait here, in JavaScript, not
 * in libuv's queue, where they would hold up file and DNS work too. By default one core (and one
 * pool thread) is left for everything else.
 */
export function defaultHashConcurrency(
  cores = os.availableParallelism(),
  poolThreads = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(cores - 1, poolThreads - 1));
}

const slots = { limit: defaultHashConcurrency(), busy: 0, waiting: [] as Array<() => void> };

/** PASSWORD_HASH_CONCURRENCY: set once at start; it applies to the whole process. */
export function setHashConcurrency(limit: number): void {
  slots.limit = Math.max(1, Math.floor(limit));
  while (slots.busy < slots.limit && slots.waiting.length) {
    slots.busy += 1;
    slots.waiting.shift()!();
  }
}

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.busy < slots.limit) slots.busy += 1;
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = slots.busy <= slots.limit ? slots.waiting.shift() : undefined;
    if (next) next();
    else slots.busy -= 1;
  }
}

export async function hashPassword(password: string, params: PasswordParams): Promise<string> {
  return inSlot(() => argon2Hash(normalized(password), argon2Options(params)));
}

/**
 * True only for the right password on an Argon2id or (older) scrypt hash. Any other scheme,
 * including Argon2i and Argon2d, and a malformed hash are refused, never thrown.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2ID_PREFIX)) {
    return inSlot(() => argon2Verify(stored, normalized(password))).catch(() => false);
  }
  if (stored.startsWith('scrypt$')) return inSlot(() => verifyScrypt(password, stored));
  return false;
}

/** A hash that is not Argon2id with exactly these parameters: rewrite it once the password is known to be right. */
export function needsRehash(stored: string, params: PasswordParams): boolean {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return true;
  try {
    const options = parseOptions(stored);
    return (
      options.memoryCost !== params.memoryKiB ||
      options.timeCost !== params.passes ||
      options.parallelism !== LANES ||
      options.outputLen !== KEY_LENGTH
    );
  } catch {
    return true;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/** An Argon2id hash at these parameters of a password nobody has, made once per process. */
export function dummyHash(params: PasswordParams): Promise<string> {
  const key = `${params.memoryKiB}:${params.passes}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(crypto.randomBytes(16).toString('base64'), params);
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

/**
 * Spends what a real check costs (an Argon2id verify at the configured parameters, as every
 * account has after its first login), so an unknown e-mail is not told apart by timing.
 */
export async function verifyAgainstDummy(password: string, params: PasswordParams): Promise<false> {
  await verifyPassword(password, await dummyHash(params));
  return false;
}

// The scheme before Argon2id, kept to verify hashes stored before the switch.
const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split('$');
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!salt || !key || ![N, R, P].every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = await scrypt(normalized(password), Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: R,
      p: P,
      maxmem: 256 * N * R,
    });
    return crypto.timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
