import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config: what production insists on', () => {
  it('refuses to start in production without SMTP_URL, saying why', () => {
    try {
      loadConfig({ APP_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'SMTP_URL: required when APP_ENV=production (codes and notices must be mailed, not logged)',
        'KYC_ENCRYPTION_KEY: required when APP_ENV=production (identity documents are encrypted with it)',
      ]);
    }
    expect(
      loadConfig({
        APP_ENV: 'production',
        SMTP_URL: 'smtps://u:p@mail.example:465',
        KYC_ENCRYPTION_KEY: '11'.repeat(32),
      }).SMTP_URL,
    ).toBe('smtps://u:p@mail.example:465');
    // Development and staging may keep mail in the log and the outbox.
    expect(loadConfig({ APP_ENV: 'staging' }).SMTP_URL).toBeUndefined();
  });

  it('keeps the API docs for staff outside development unless API_DOCS says otherwise', () => {
    expect(loadConfig({}).API_DOCS).toBe('public');
    expect(loadConfig({ APP_ENV: 'staging' }).API_DOCS).toBe('staff');
    expect(
      loadConfig({ APP_ENV: 'production', SMTP_URL: 'smtp://mail.example', KYC_ENCRYPTION_KEY: '11'.repeat(32) })
        .API_DOCS,
    ).toBe('staff');
    expect(
      loadConfig({
        APP_ENV: 'production',
        SMTP_URL: 'smtp://mail.example',
        API_DOCS: 'off',
        KYC_ENCRYPTION_KEY: '11'.repeat(32),
      }).API_DOCS,
    ).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/API_DOCS/);
  });

  it('refuses Argon2id weaker than OWASP in production, and the retired scrypt cost anywhere', () => {
    const production = { APP_ENV: 'production', SMTP_URL: 'smtp://mail.example', KYC_ENCRYPTION_KEY: '11'.repeat(32) };
    expect(loadConfig({})).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 19456, PASSWORD_HASH_PASSES: 2 });
    expect(loadConfig(production)).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 19456, PASSWORD_HASH_PASSES: 2 });
    // OWASP's equally strong alternatives pass: 47 MiB x 1, 12 MiB x 3, 7 MiB x 5.
    for (const [memory, passes] of [
      ['48128', '1'],
      ['12288', '3'],
      ['7168', '5'],
    ]) {
      expect(() =>
        loadConfig({ ...production, PASSWORD_HASH_MEMORY_KIB: memory!, PASSWORD_HASH_PASSES: passes! }),
      ).not.toThrow();
    }
    for (const weak of [
      { PASSWORD_HASH_MEMORY_KIB: '256', PASSWORD_HASH_PASSES: '1' },
      { PASSWORD_HASH_PASSES: '1' },
      { PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_PASSES: '10' },
    ]) {
      expect(() => loadConfig({ ...production, ...weak })).toThrow(
        /PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES: too weak when APP_ENV=production/,
      );
    }
    // Tests and development may hash cheaply.
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '256', PASSWORD_HASH_PASSES: '1' })).toMatchObject({
      PASSWORD_HASH_MEMORY_KIB: 256,
      PASSWORD_HASH_PASSES: 1,
    });
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '17' })).toThrow(/PASSWORD_HASH_COST: retired with scrypt/);
  });
});
