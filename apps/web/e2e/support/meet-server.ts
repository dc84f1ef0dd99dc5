import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type APIRequestContext } from '@playwright/test';
import type { MeetingView } from '@app/shared/schemas/meet';
import { HEADERS } from '@app/shared/constants';
import { buy, faucet, registerUser, waitForAvailable, waitForPurchase } from './crypto';
import { E2E } from './env';

/**
 * A server of a worker's own for journeys that move the server's meet-and-play clock
 * (CLOCK_CONTROL) by a day and more: on the server every other spec shares, that would expire
 * their raised hands mid-test. The same support/server.ts on its own port, with a mint seed whose
 * first draw succeeds and second fails, postbacks allowed to a receiver on loopback, and the
 * referral and partner sweeps every 2 s so a held reward is released soon after the clock passes
 * its time. Specs that use this `test` share one server per worker and run their tests one after
 * another on it; each moves the clock only forward and reads nothing absolute from it.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Its first draw is below the published 50% (a success), its second above (a failure). */
export const SEED = 'meet-e2e-22';
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export interface MeetServer {
  url: string;
}

export const test = base.extend<object, { meetServer: MeetServer }>({
  meetServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // Not 4190: fetch refuses the ports of the Fetch standard's "bad ports" list, and that is one.
      const port = E2E.port + 77 + workerInfo.workerIndex;
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/web/e2e/support/server.ts'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          APP_ENV: 'development',
          PUBLIC_URL: url,
          E2E_TOKENS_FILE: E2E.tokensFile(port),
          E2E_MAIL_FILE: E2E.mailFile(port),
          RATE_LIMIT_MAX: '100000',
          RATE_LIMIT_AUTH_MAX: '10000',
          PASSWORD_HASH_MEMORY_KIB: '256',
          PASSWORD_HASH_PASSES: '1',
          MAP_STYLE_URL: '/map-styles/local-dark.json',
          CLOCK_CONTROL: 'true',
          MINT_RANDOM_SEED: SEED,
          SOCKET_HANDSHAKES_PER_MINUTE: '100000',
          CPA_POSTBACK_ALLOW_HOSTS: '127.0.0.1',
          // Conversions are stamped by the database's clock, which the test does not move: a
          // visitor who meets within seconds of the click is a test, not a bot.
          CPA_MIN_CLICK_SECONDS: '0',
          CPA_APPROVE_INTERVAL_SECONDS: '2',
          REFERRAL_RELEASE_INTERVAL_SECONDS: '2',
          STAFF_SECOND_FACTOR: 'off',
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const stop = async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      };
      try {
        const deadline = Date.now() + 180_000;
        for (;;) {
          if (child.exitCode !== null) throw new Error(`the meeting server exited: ${output}`);
          if (
            await fetch(`${url}/api/health`).then(
              (r) => r.ok,
              () => false,
            )
          )
            break;
          if (Date.now() > deadline) throw new Error(`the meeting server did not start: ${output}`);
          await new Promise((r) => setTimeout(r, 300));
        }
        await use({ url });
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ meetServer }, use) => use(meetServer.url),
});

export interface MeetUser {
  id: number;
  token: string;
  firstName: string;
}

/**
 * The bearer token, and a device of the person's own: requests without a fingerprint all count on
 * one shared "missing" device, which would restrict every person of the journey from minting.
 */
export const auth = (user: { id: number; token: string }) => ({
  authorization: `Bearer ${user.token}`,
  [HEADERS.fingerprint]: `e2e-device-${user.id}`,
});

export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** An adult with a complete profile, as meet and play requires. */
export async function meetUser(request: APIRequestContext, firstName: string): Promise<MeetUser> {
  const user = await registerUser(request, firstName.toLowerCase());
  const record = await ok<{ token?: string }>(
    await request.post('/api/user/profile-update', {
      headers: auth(user),
      data: {
        firstName,
        lastName: 'Tester',
        domain: `${firstName.toLowerCase()}${crypto.randomBytes(4).toString('hex')}`,
        gender: 1,
        birthday: '01.06.1994',
      },
    }),
  );
  return { id: user.id, token: record.token ?? user.token, firstName };
}

/** A user holding a Silver token bought on the development chain. */
export async function silverHolder(request: APIRequestContext, firstName: string): Promise<MeetUser> {
  const user = await meetUser(request, firstName);
  const buyer = { ...user, email: '' };
  await faucet(request, buyer, '100');
  await waitForAvailable(request, buyer, 100);
  const purchase = await buy(request, buyer, 'SILVER');
  await waitForPurchase(request, buyer, purchase.id, 'COMPLETED', 90_000);
  return user;
}

export const serverNow = async (request: APIRequestContext) =>
  (await ok<{ now: number }>(await request.get('/api/dev/clock'))).now;
export const advanceServer = async (request: APIRequestContext, advanceMs: number) =>
  (await ok<{ now: number }>(await request.post('/api/dev/clock', { data: { advanceMs } }))).now;

export const viewOf = async (request: APIRequestContext, viewer: MeetUser, peer: MeetUser) =>
  ok<MeetingView>(await request.get(`/api/meet/meetings/${peer.id}`, { headers: auth(viewer) }));
