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
});
