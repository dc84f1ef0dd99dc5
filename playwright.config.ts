import { defineConfig, devices } from '@playwright/test';
import { E2E } from './apps/web/e2e/support/env';
import { resolveChromium } from './scripts/chromium.mjs';

/** CHROMIUM_PATH, else Debian's Chromium, else the one inside @sparticuz/chromium (Playwright's own download cannot run here). */
const chrome = resolveChromium();
// Said once per run (workers load this file too), so a log tells which browser the journeys ran on.
if (!process.env.TEST_WORKER_INDEX) console.log(`Browser: ${chrome.label}`);
// CI runs the suite once on the packaged browser: a run that silently fell back to another must fail.
const required = process.env.E2E_REQUIRE_BROWSER;
if (required && chrome.source !== required) {
  throw new Error(`E2E_REQUIRE_BROWSER=${required}, but this run would use ${chrome.label}`);
}

const server = (port: number, appEnv: string, env: Record<string, string> = {}) => ({
  command: `node --import tsx apps/web/e2e/support/server.ts`,
  url: `http://127.0.0.1:${port}/api/health`,
  env: {
    PORT: String(port),
    APP_ENV: appEnv,
    E2E_TOKENS_FILE: E2E.tokensFile(port),
    E2E_MAIL_FILE: E2E.mailFile(port),
    // Every browser in the run shares 127.0.0.1: the per-IP tiers would throttle the suite itself.
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_AUTH_MAX: '10000',
    SOCKET_HANDSHAKES_PER_MINUTE: '100000',
    // Cheap Argon2id for the test accounts; production refuses it and keeps OWASP's cost.
    ...(appEnv !== 'production' && { PASSWORD_HASH_MEMORY_KIB: '256', PASSWORD_HASH_PASSES: '1' }),
    // No internet in tests: the map draws a made-up city from a style on the site itself.
    MAP_STYLE_URL: '/map-styles/local-dark.json',
    ...env,
  },
  reuseExistingServer: false,
  // Start-up builds nothing (the build runs before) but migrates PGlite and deploys the chain.
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './apps/web/e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a journey that fails is run once more, and one that then passes is reported as flaky in
  // the summary (decision 045): each of these so far was a race worth fixing, several real bugs.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // A page waits on the API, which shares two cores with two browsers and the chain; what it waits
  // for is checked, not how fast it comes, so a slow moment of the machine must not fail a journey.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E.baseUrl,
    // Locally a failure keeps its trace with DOM snapshots (the running screencast cost every
    // passing test about a tenth of its time on a 2-core machine). In CI no trace is recorded: the
    // snapshots alone cost the passing tests 7 to 24% of their time (chat and guards, the axe pass),
    // and CI has to stay under 30 minutes; a failure there keeps its screenshot and error context.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // Every production page registers the worker, which then precaches the whole build (about 170
    // files): per test, that is CPU the journey needs. pwa.spec allows it where it is the subject.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome.executablePath,
      args: chrome.args,
      ...(Object.keys(chrome.env).length ? { env: { ...process.env, ...chrome.env } } : {}),
    },
  },
  projects: [{ name: 'chromium', use: desktop }],
  webServer: [
    // Only this one signs in with a provider: its callback URL has to name the real address.
    server(E2E.port, 'development', {
      PUBLIC_URL: E2E.baseUrl,
      E2E_OIDC_PORT: String(E2E.oidcPort),
      // The partner cabinet's journey: postbacks to a receiver on loopback, a visitor converting at
      // once after the click, and rewards approved every 2 s once an admin sets the hold to 0.
      CPA_POSTBACK_ALLOW_HOSTS: '127.0.0.1',
      CPA_MIN_CLICK_SECONDS: '0',
      CPA_APPROVE_INTERVAL_SECONDS: '2',
      // Staff journeys here act with the seeded admin's token; the production server below walks
      // the second factor itself (staff-access.spec.ts).
      STAFF_SECOND_FACTOR: 'off',
    }),
    // Production requires a key for identity documents; a fixed one is fine for a throwaway database.
    // The admin area lives on its own host there: admin.localhost reaches loopback like 127.0.0.1.
    server(E2E.productionPort, 'production', {
      KYC_ENCRYPTION_KEY: 'e2e0'.repeat(16),
      ADMIN_HOST: 'admin.localhost',
      ADMIN_EMAILS: 'staff-e2e@example.com',
    }),
  ],
});
