import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Address } from 'viem';
import { english, generateMnemonic, mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/password';
import { findRepoRoot } from '../../src/lib/paths';
import { createDatabase } from '../../src/db/client';
import { users, wallets } from '../../src/db/schema';
import { KIT_PASSWORD } from '../kits/wallet';
import { bundleScript } from '../bundle-script';
import { startTestChain, type TestChain } from '../chain';
import { TEST_JWT_SECRET, TEST_PASSWORD_ENV, TEST_PASSWORD_PARAMS } from '../app';
import { createServerDatabase, MIGRATIONS } from '../database';
import { pgliteTemplate } from '../pglite-template';

/**
 * Kill and restart: the API runs as a real process on a real chain and database, dies by SIGKILL
 * at each point where money or a token is in flight (CRASH_AT, lib/crash-points.ts), and is started
 * again. The second process must finish the work by itself: nothing lost, nothing done twice, the
 * ledger summing to zero, nothing left for an operator.
 *
 * The scenarios are split over a few test files (crash-safety-*.test.ts) that run side by side,
 * each on a chain of its own: the treasury signs in several of them, and one key's nonces must not
 * be shared by two files at once.
 */

const ROOT = findRepoRoot();
export const usdt = (n: number) => BigInt(n) * 10n ** 18n;
export const SCENARIO_TIMEOUT = 240_000;

/**
 * On the embedded PGlite (`npm test`) two scenarios prove that a killed process's data directory
 * comes back whole (a mid-scan crash and a multi-step purchase); the others exercise the same
 * journal and ledger code and run in the PostgreSQL pass, where a scenario costs a third as much.
 */
export const onPostgres = process.env.DATABASE_URL ? it : it.skip;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A database of the scenario's own: a PGlite folder, or a new database on DATABASE_URL's server. */
async function scenarioDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const server = await createServerDatabase(serverUrl, 'crash');
  return { env: { DATABASE_URL: server.url }, drop: server.drop };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  report: Record<string, unknown> | null;
  stderr: string;
}

/**
 * One test file's chain and scenario bundle (started in its beforeAll, stopped in its afterAll), and
 * `crashAndRecover` on them. `name` keeps the files' bundles apart: test files share a process.
 */
export function crashSuite(name: string) {
  let chain: TestChain;
  /** The scenario bundled once: under tsx every one of the suite's processes spent seconds compiling the API. */
  let scenarioBundle: string;

  beforeAll(async () => {
    [chain, scenarioBundle] = await Promise.all([
      startTestChain({ confirmations: 1 }),
      bundleScript('apps/api/test/crash/scenario.ts', `crash-scenario-${name}`),
    ]);
  }, 120_000);
  afterAll(() => fs.rmSync(scenarioBundle, { force: true }));
  afterAll(async () => chain?.stop());

  function run(phase: 'act' | 'recover', scenario: string, env: Record<string, string>): Promise<Run> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [scenarioBundle, phase, scenario], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code, signal) => {
        // The server's own log lines share stdout; the scenario's answer is the line marked REPORT.
        const line = stdout.split('\n').find((l) => l.startsWith('REPORT '));
        const report = line ? (JSON.parse(line.slice('REPORT '.length)) as Record<string, unknown>) : null;
        resolve({ code, signal, report, stderr: stderr.slice(-4000) });
      });
    });
  }

  /**
   * Runs `act` until the crash point kills it, then `recover`, and returns what recovery found. Each
   * scenario has its own database and its own custodial wallet (a fresh mnemonic) on the shared chain,
   * so user 1 and 2 are the first users made in it and their deposit addresses are new; `prepare`
   * funds them before the process starts.
   */
  async function crashAndRecover(
    scenario: string,
    crashAt: string,
    prepare?: (addressOf: (userId: number) => Address) => Promise<void>,
  ) {
    const mnemonic = generateMnemonic(english);
    const addressOf = (userId: number) => mnemonicToAccount(mnemonic, { addressIndex: userId }).address;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `crash-${scenario}-`));
    const database = await scenarioDatabase();
    try {
      await prepare?.(addressOf);
      // Users 1 and 2 with their deposit addresses, before any process runs: the watcher knows them
      // from its first pass, as it knows a real user's address before anyone can deposit to it.
      const seeded = await createDatabase(
        database.env.DATABASE_URL ? { url: database.env.DATABASE_URL } : { dataDir, from: pgliteTemplate() },
      );
      await seeded.migrate(MIGRATIONS);
      for (const id of [1, 2]) {
        const [row] = await seeded.db
          .insert(users)
          .values({
            email: `crash-${id}@example.com`,
            domain: `crash${id}`,
            firstName: 'Mia',
            passwordHash: await hashPassword(KIT_PASSWORD, TEST_PASSWORD_PARAMS),
          })
          .returning();
        await seeded.db.insert(wallets).values({ userId: row!.id, address: addressOf(row!.id) });
      }
      await seeded.close();
      const env = {
        ...database.env,
        NODE_ENV: 'test',
        APP_ENV: 'development',
        LOG_LEVEL: 'error',
        LOG_PRETTY: 'false',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        JWT_SECRET: TEST_JWT_SECRET,
        ...TEST_PASSWORD_ENV,
        // The withdrawal goes to a new address: no wait, the crash points come at once.
        WITHDRAW_NEW_ADDRESS_HOURS: '0',
        RATE_LIMIT_MAX: '100000',
        CHAIN_RPC_URL: chain.rpcUrl,
        CHAIN_USDT_ADDRESS: chain.gateway.usdtAddress,
        CHAIN_MARKET_ADDRESS: chain.gateway.marketAddress,
        CHAIN_TREASURY_PRIVATE_KEY: chain.treasuryPrivateKey,
        CHAIN_MNEMONIC: mnemonic,
        CHAIN_CONFIRMATIONS: '1',
        CHAIN_POLL_INTERVAL_MS: '200',
        JOBS_POLL_SECONDS: '0.5',
        MINT_CHANCE_SILVER: '1',
        // The supply scenario's admin acts with a plain token.
        STAFF_SECOND_FACTOR: 'off',
      };
      const acted = await run('act', scenario, { ...env, CRASH_AT: crashAt });
      expect(acted.signal, `act should die at ${crashAt}: ${JSON.stringify(acted.report)} ${acted.stderr}`).toBe(
        'SIGKILL',
      );
      expect(acted.stderr).toContain(`crash point ${crashAt.split(':')[0]}`);
      const recovered = await run('recover', scenario, env);
      expect(recovered.code, `recover failed: ${JSON.stringify(recovered.report)} ${recovered.stderr}`).toBe(0);
      const report = recovered.report!;
      // The books, whatever the scenario: every movement sums to zero and nothing waits for an operator.
      expect(report).toMatchObject({ ledgerTotal: '0', stuckTransactions: 0, unsettledSends: [] });
      return report;
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  return {
    /** The file's chain (after beforeAll). */
    chain: () => chain,
    crashAndRecover,
  };
}
