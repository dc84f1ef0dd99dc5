// The production build served by the real server (apps/api/dist/server.js) on loopback, with a
// throwaway data folder and the embedded defaults (PGlite, no Redis): what `npm run lighthouse`,
// scripts/early-tap.mjs and scripts/profile-load.mjs measure, and a member to sign in with.
// WEB_DIST_DIR (inherited) serves another web build.
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

/**
 * A member of the served build's fresh database, registered and with a finished profile through the
 * API: the auth record the profile update answers, as the app keeps it in local storage
 * (lib/session.ts: `auth` is this record, `accessKey` its token).
 * @param {string} url the server's address, as serveBuilt returns it
 * @param {string} name a word for the e-mail and nickname
 */
export async function createMember(url, name) {
  const api = async (route, body, token) => {
    const response = await fetch(`${url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const stamp = Date.now().toString(36);
  const record = await api('/user/register', {
    email: `${name}-${stamp}@example.com`,
    password: 'Member1pass',
    locale: 'en',
  });
  return api(
    '/user/profile-update',
    { firstName: 'Lena', lastName: 'Light', domain: `${name}${stamp}`, gender: 1, birthday: '02.03.1992' },
    record.token,
  );
}
