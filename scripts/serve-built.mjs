// The production build served by the real server (apps/api/dist/server.js) on loopback, with a
// throwaway data folder and the embedded defaults (PGlite, no Redis): what `npm run lighthouse` and
// scripts/early-tap.mjs measure. WEB_DIST_DIR (inherited) serves another web build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the server and resolves once it answers /api/health. The server starts its development
 * chain first, which takes a while on a cold machine (up to two minutes).
 * @param {{ port: number, name?: string, pages?: string[] }} options `pages` are requested once in
 *   English: the server renders each public page on its first request and keeps it, and what every
 *   visitor after the first one gets is what is measured.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function serveBuilt({ port, name = 'serve-built', pages = [] }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise((resolve) => server.once('exit', resolve));
  void exit.then(() => (exited = true));
  // The server writes its database until it has exited: removing the folder before that fails.
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (exited) throw new Error('the server exited before it answered');
      if (i >= 480) throw new Error('the server did not start');
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const page of pages) await fetch(`${url}${page}`, { headers: { 'accept-language': 'en-US' } });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
