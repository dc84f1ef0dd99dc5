import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { findRepoRoot } from './lib/paths';

describe('config', () => {
  it('has embedded defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      APP_ENV: 'development',
      CORS_ORIGINS: [],
      PUBLIC_URL: 'http://localhost:3000',
      MIN_AGE: 18,
      RATE_LIMIT_AUTH_MAX: 10,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.join(findRepoRoot(), 'data'));
    expect(config.WEB_DIST_DIR).toBe(path.join(findRepoRoot(), 'apps/web/dist'));
  });

  it('reads and converts values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/instance-b',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: 'true',
      LOG_PRETTY: '0',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('/tmp/instance-b');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.LOG_PRETTY).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: ' ', JWT_SECRET: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ APP_ENV: 'prod' }, 'APP_ENV'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ CORS_ORIGINS: 'nope' }, 'CORS_ORIGINS'],
  ])('names the bad variable in %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toMatch(new RegExp(`^${name}: `, 'm'));
    }
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', APP_ENV: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });
});
