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

describe('config: chain', () => {
  const MNEMONIC = 'test test test test test test test test test test test junk';
  const KEY = `0x${'11'.repeat(32)}`;
  const USDT = '0x55d398326f99059ff775485246999027b3197955';
  const MARKET = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const real = {
    CHAIN_RPC_URL: 'https://bsc-testnet.example/rpc',
    CHAIN_USDT_ADDRESS: USDT,
    CHAIN_MARKET_ADDRESS: MARKET,
    CHAIN_TREASURY_PRIVATE_KEY: KEY,
  };

  it('runs the embedded development chain by default', () => {
    const config = loadConfig({});
    expect(config.CHAIN_RPC_URL).toBeUndefined();
    expect(config).toMatchObject({
      CHAIN_CONFIRMATIONS: 2,
      CHAIN_FINALITY: 'confirmations',
      CHAIN_DEV_BLOCK_INTERVAL_MS: 1000,
      CHAIN_POLL_INTERVAL_MS: 3000,
      BNB_PRICE_USD: 600,
    });
    expect(config.CHAIN_DEV_PORT).toBeUndefined();
    expect(config.CHAIN_MNEMONIC).toBeUndefined();
    expect(config.CHAIN_TREASURY_PRIVATE_KEY).toBeUndefined();
    expect(config.CHAIN_EXPLORER_URL).toBeUndefined();
  });

  it('reads a real chain: 15 confirmations by default, checksummed addresses', () => {
    const config = loadConfig({
      ...real,
      CHAIN_MNEMONIC: `  ${MNEMONIC.replace(/ /g, '  ')} `,
      CHAIN_EXPLORER_URL: 'https://testnet.bscscan.com',
    });
    expect(config.CHAIN_CONFIRMATIONS).toBe(15);
    expect(config.CHAIN_USDT_ADDRESS).toBe('0x55d398326f99059fF775485246999027B3197955');
    expect(config.CHAIN_MARKET_ADDRESS).toBe(MARKET);
    expect(config.CHAIN_TREASURY_PRIVATE_KEY).toBe(KEY);
    expect(config.CHAIN_MNEMONIC).toBe(MNEMONIC);
    expect(config.CHAIN_EXPLORER_URL).toBe('https://testnet.bscscan.com');
    expect(loadConfig({ ...real, CHAIN_CONFIRMATIONS: '3' }).CHAIN_CONFIRMATIONS).toBe(3);
    expect(loadConfig({ ...real, CHAIN_FINALITY: 'finalized' }).CHAIN_FINALITY).toBe('finalized');
  });

  it('reads the development chain and display settings', () => {
    const config = loadConfig({
      CHAIN_DEV_PORT: '8599',
      CHAIN_DEV_BLOCK_INTERVAL_MS: '0',
      CHAIN_POLL_INTERVAL_MS: '500',
      CHAIN_CONFIRMATIONS: '0',
      BNB_PRICE_USD: '612.5',
    });
    expect(config).toMatchObject({
      CHAIN_DEV_PORT: 8599,
      CHAIN_DEV_BLOCK_INTERVAL_MS: 0,
      CHAIN_POLL_INTERVAL_MS: 500,
      CHAIN_CONFIRMATIONS: 0,
      BNB_PRICE_USD: 612.5,
    });
  });

  it.each([
    [{ CHAIN_RPC_URL: 'ftp://node' }, 'CHAIN_RPC_URL'],
    [{ CHAIN_USDT_ADDRESS: '0x1234' }, 'CHAIN_USDT_ADDRESS'],
    [{ CHAIN_MARKET_ADDRESS: 'market' }, 'CHAIN_MARKET_ADDRESS'],
    [{ CHAIN_TREASURY_PRIVATE_KEY: 'abc' }, 'CHAIN_TREASURY_PRIVATE_KEY'],
    [{ CHAIN_MNEMONIC: 'twelve words that are not a valid mnemonic at all in any way' }, 'CHAIN_MNEMONIC'],
    [{ CHAIN_CONFIRMATIONS: '-1' }, 'CHAIN_CONFIRMATIONS'],
    [{ CHAIN_FINALITY: 'safe' }, 'CHAIN_FINALITY'],
    [{ CHAIN_EXPLORER_URL: 'bscscan' }, 'CHAIN_EXPLORER_URL'],
    [{ CHAIN_DEV_PORT: '70000' }, 'CHAIN_DEV_PORT'],
    [{ CHAIN_DEV_BLOCK_INTERVAL_MS: 'fast' }, 'CHAIN_DEV_BLOCK_INTERVAL_MS'],
    [{ CHAIN_POLL_INTERVAL_MS: '5' }, 'CHAIN_POLL_INTERVAL_MS'],
    [{ BNB_PRICE_USD: '0' }, 'BNB_PRICE_USD'],
  ])('names the bad chain variable in %j', (env, name) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(new RegExp(`^${name}: `, 'm'));
    }
  });

  it('needs the contracts and the treasury key with CHAIN_RPC_URL, and the mnemonic too in production', () => {
    try {
      loadConfig({ CHAIN_RPC_URL: real.CHAIN_RPC_URL });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'CHAIN_USDT_ADDRESS: required when CHAIN_RPC_URL is set',
        'CHAIN_MARKET_ADDRESS: required when CHAIN_RPC_URL is set',
        'CHAIN_TREASURY_PRIVATE_KEY: required when CHAIN_RPC_URL is set',
      ]);
    }
    const production = {
      APP_ENV: 'production',
      SMTP_URL: 'smtp://mail.example:587',
      KYC_ENCRYPTION_KEY: '11'.repeat(32),
    };
    expect(() => loadConfig({ ...real, ...production })).toThrow(/CHAIN_MNEMONIC: required in production/);
    expect(loadConfig({ ...real, ...production, CHAIN_MNEMONIC: MNEMONIC }).CHAIN_MNEMONIC).toBe(MNEMONIC);
    // The embedded chain holds nothing of value: generated keys are fine for it, even in production.
    expect(loadConfig(production).CHAIN_RPC_URL).toBeUndefined();
  });
});
