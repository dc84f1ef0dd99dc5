import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { findRepoRoot } from './lib/paths';
import { startServer } from './start-server';
import { insertUser } from '../test/app';

const tempDirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-test-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const embedded = (dataDir: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'none'),
  });

// Each test starts whole servers (PGlite on disk, migrations, the development chain) two or three
// times: on a loaded 2-core machine that alone can pass the default 30 s.
const START_UPS = { timeout: 180_000 };

describe('start-up with the embedded defaults', START_UPS, () => {
  it('creates the database and the dev secrets under DATA_DIR and keeps them across restarts', async () => {
    const dataDir = tempDataDir();
    const { app: first, services } = await startServer(embedded(dataDir));
    expect((await first.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect(services.database.driver).toBe('pglite');
    const secretsFile = path.join(dataDir, 'secrets.json');
    expect(fs.statSync(secretsFile).mode & 0o777).toBe(0o600);
    const secret = JSON.parse(fs.readFileSync(secretsFile, 'utf8')).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    const user = await insertUser(services.database);
    const token = await first.tokens.sign(user.id);
    await first.close();

    const { app: second } = await startServer(embedded(dataDir));
    expect(JSON.parse(fs.readFileSync(secretsFile, 'utf8')).jwtSecret).toBe(secret);
    // The same key signs the same token: sessions survive a restart.
    await expect(second.resolveToken(token)).resolves.toMatchObject({ id: user.id });
    await second.close();
  });

  it('runs two instances side by side on two data directories, and refuses a second on the same', async () => {
    const { app: a } = await startServer(embedded(tempDataDir()));
    const dirB = tempDataDir();
    const { app: b } = await startServer(embedded(dirB));
    expect((await a.inject('/api/health')).statusCode).toBe(200);
    expect((await b.inject('/api/health')).statusCode).toBe(200);
    await expect(startServer(embedded(dirB))).rejects.toThrow(/DATA_DIR/);
    await a.close();
    await b.close();
    expect(fs.existsSync(path.join(dirB, 'server.pid'))).toBe(false);
  });
});

describe('graceful shutdown', START_UPS, () => {
  it('finishes the request in flight on SIGTERM, refuses new ones, and exits cleanly', async () => {
    const root = findRepoRoot();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/test/fixtures/slow-server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: tempDataDir(),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        LOG_PRETTY: 'false',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const lines = readline.createInterface({ input: child.stdout! });
    const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
    const { port } = JSON.parse(await nextLine()) as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const started = nextLine();
    const inFlight = fetch(`${base}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(JSON.parse(await started)).toEqual({ slow: 'started' });
    const closing = nextLine();
    child.kill('SIGTERM');
    expect(JSON.parse(await closing)).toEqual({ closing: true });
    const late = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );

    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    expect(late).not.toBe(200);
    expect(await exited).toBe(0);
  });
});
