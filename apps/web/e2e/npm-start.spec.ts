import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm start` as a new user runs it: the built bundle, PGlite and dev secrets under DATA_DIR,
 * the URL printed when ready, the site and the API on one port, and a clean stop on SIGTERM.
 */
test('npm start serves the site and the API together and stops cleanly', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const port = 4175;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`running at http://localhost:${port}`);

    const health = await page.request.get(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const docs = await page.request.get(`http://127.0.0.1:${port}/api/docs/json`);
    expect((await docs.json()).paths).toHaveProperty('/api/user/me');

    await page.goto(`http://127.0.0.1:${port}/help/faq`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited, `a stop that is not clean says why in the output:\n${output}`).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
