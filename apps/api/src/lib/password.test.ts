import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hash as argon2Hash, parseOptions, type Algorithm } from '@node-rs/argon2';
import {
  defaultHashConcurrency,
  dummyHash,
  hashPassword,
  needsRehash,
  OWASP_PASSWORD_PARAMS,
  setHashConcurrency,
  verifyAgainstDummy,
  verifyPassword,
} from './password';

const CHEAP = { memoryKiB: 256, passes: 1 };

/** A hash as the scrypt version of this module stored it: `scrypt$N$r$p$salt$key`, base64. */
function oldScryptHash(password: string, N = 1024): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashing', () => {
  it('makes Argon2id hashes in PHC format with the given parameters, and verifies the right password only', async () => {
    const hash = await hashPassword('Secret1', CHEAP);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 256, timeCost: 1, parallelism: 1, outputLen: 32 });
    expect(await verifyPassword('Secret1', hash)).toBe(true);
    expect(await verifyPassword('secret1', hash)).toBe(false);
    expect(await verifyPassword('Secret1', 'garbage')).toBe(false);
  });

  it("uses OWASP's parameters by default: 19 MiB, 2 passes, 1 lane", async () => {
    expect(OWASP_PASSWORD_PARAMS).toEqual({ memoryKiB: 19456, passes: 2 });
    const hash = await hashPassword('Secret1', OWASP_PASSWORD_PARAMS);
    expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword('Secret1', hash)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Secret1', CHEAP)).not.toBe(await hashPassword('Secret1', CHEAP));
  });

  it('treats composed and decomposed letters as the same password (NFKC)', async () => {
    const hash = await hashPassword('Café-1x', CHEAP);
    expect(await verifyPassword('Cafe\u0301-1x', hash)).toBe(true);
  });

  it('still verifies the scrypt hashes stored before Argon2id, and asks for them to be rehashed', async () => {
    const old = oldScryptHash('Secret1');
    expect(await verifyPassword('Secret1', old)).toBe(true);
    expect(await verifyPassword('Wrong12', old)).toBe(false);
    expect(needsRehash(old, CHEAP)).toBe(true);
  });

  it('asks for a rehash when the parameters differ from the configured ones, not otherwise', async () => {
    const hash = await hashPassword('Secret1', CHEAP);
    expect(needsRehash(hash, CHEAP)).toBe(false);
    expect(needsRehash(hash, { memoryKiB: 512, passes: 1 })).toBe(true);
    expect(needsRehash(hash, { memoryKiB: 256, passes: 2 })).toBe(true);
    expect(needsRehash('$argon2id$broken', CHEAP)).toBe(true);
  });

  it('refuses unknown schemes and malformed hashes, even for the right password', async () => {
    const options = { memoryCost: 256, timeCost: 1, parallelism: 1 };
    const argon2i = await argon2Hash('Secret1', { ...options, algorithm: 1 as Algorithm });
    const argon2d = await argon2Hash('Secret1', { ...options, algorithm: 0 as Algorithm });
    expect(argon2i.startsWith('$argon2i$')).toBe(true);
    for (const stored of [
      argon2i,
      argon2d,
      'Secret1',
      '$2b$10$abcdefghijklmnopqrstuuJ7dQ6b6z3QeX1Vj8b5F5l3g9v7pF9Ee',
      'pbkdf2$1000$c2FsdA$a2V5',
      'scrypt$',
      'scrypt$1024$8$1$$',
      'scrypt$x$8$1$c2FsdA$a2V5',
      'scrypt$1000$8$1$c2FsdA$a2V5', // N not a power of two
      '$argon2id$v=19$m=256,t=1,p=1$bad',
      '',
    ]) {
      expect(await verifyPassword('Secret1', stored), stored).toBe(false);
    }
  });

  it('checks an unknown e-mail against an Argon2id hash with the configured parameters, and always says no', async () => {
    const dummy = await dummyHash(CHEAP);
    expect(dummy.startsWith('$argon2id$v=19$m=256,t=1,p=1$')).toBe(true);
    expect(await dummyHash(CHEAP)).toBe(dummy);
    const other = await dummyHash({ memoryKiB: 512, passes: 2 });
    expect(parseOptions(other)).toMatchObject({ memoryCost: 512, timeCost: 2, parallelism: 1 });
    expect(await verifyAgainstDummy('Secret1', CHEAP)).toBe(false);
    expect(await verifyAgainstDummy('', CHEAP)).toBe(false);
  });

  it('hashes off the event loop: it keeps turning while a hash at OWASP’s cost runs', async () => {
    // A hash on the event loop would finish before the first turn, and the await would resume right after.
    let turns = 0;
    let hashing = true;
    const spin = () => {
      if (!hashing) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    const hash = await hashPassword('Secret1', OWASP_PASSWORD_PARAMS);
    hashing = false;
    expect(await verifyPassword('Secret1', hash)).toBe(true);
    expect(turns).toBeGreaterThan(1);
  });

  it('leaves a core and a libuv thread for the rest by default, and queues what is over the limit', async () => {
    expect(defaultHashConcurrency(2, 4)).toBe(1);
    expect(defaultHashConcurrency(1, 4)).toBe(1);
    expect(defaultHashConcurrency(8, 4)).toBe(3);
    expect(defaultHashConcurrency(16, 32)).toBe(15);
    const hash = await hashPassword('Secret1', CHEAP);
    try {
      setHashConcurrency(1);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 ? 'Secret1' : 'Wrong12', hash)),
      );
      expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 3 !== 0));
      // Lowering the limit while hashes wait must not lose any of them.
      const pending = Array.from({ length: 6 }, () => hashPassword('Secret1', CHEAP));
      setHashConcurrency(3);
      expect(await Promise.all(pending)).toHaveLength(6);
    } finally {
      setHashConcurrency(defaultHashConcurrency());
    }
  });
});
