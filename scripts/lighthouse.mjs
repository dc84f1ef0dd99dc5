// `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G
// network, simulated) against the built site served by the real server, with the Chromium that
// scripts/chromium.mjs picks (CHROMIUM_PATH, Debian's, else the one inside @sparticuz/chromium).
// Prints performance, accessibility, best practices and SEO per page: by default the start page,
// the FAQ, the login and registration screens, and the market signed in (issue 19).
//   node scripts/lighthouse.mjs /help/faq /market   measures those pages only; a path listed in
//                           SIGNED_IN below is measured with a session, as the app keeps it
//   LIGHTHOUSE_RUNS=3       runs each page that often and prints the median of each score (the
//                           performance score moves with the machine's load; one run can mislead)
//   LIGHTHOUSE_VERBOSE=1    also lists every audit below 0.9, with Lighthouse's explanation
//   LIGHTHOUSE_REPORT_DIR=d writes each page's full report (JSON) there
//   WEB_DIST_DIR=d          serves another web build (the server reads it)
//   LIGHTHOUSE_HTTP1=1      measures the server's own HTTP/1.1 on plain HTTP, not the HTTP/2 front over
//                           TLS (scripts/http2-front.mjs) that stands in for a deployment's proxy
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildIfNeeded } from './build-if-needed.mjs';
import { resolveChromium } from './chromium.mjs';
import { startHttp2Front } from './http2-front.mjs';
import { createMember, serveBuilt } from './serve-built.mjs';

const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/help/faq', '/auth/login', '/auth/register', '/market'];
/** Pages a guest is sent away from: measured signed in as a new member with a finished profile. */
const SIGNED_IN = new Set(['/market']);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4199);
const chrome = resolveChromium();
console.log(`Browser: ${chrome.label}`);

buildIfNeeded();
// Each page requested once first: what every visitor after the first one gets is measured.
const server = await serveBuilt({ port: PORT, name: 'lighthouse', pages: PAGES });
// Measured through an HTTP/2 front over TLS, as a visitor gets the site behind a deployment's TLS
// proxy (decision 046); LIGHTHOUSE_HTTP1=1 measures the server's own plain HTTP/1.1 instead.
const front =
  process.env.LIGHTHOUSE_HTTP1 === '1' ? null : await startHttp2Front({ target: server.url, port: PORT + 1 });
const ORIGIN = front?.url ?? `http://localhost:${PORT}`;
console.log(`Measured at ${ORIGIN}${front ? ' (HTTP/2 over TLS)' : ' (HTTP/1.1)'}`);

/** A member with a finished profile, as the app keeps them in local storage: the record and the access key. */
async function createSignedInMember() {
  const finished = await createMember(server.url, 'lighthouse');
  return { auth: JSON.stringify(finished), accessKey: finished.token };
}

/**
 * Lighthouse empties the origin's storage before a run, which would sign the member out. For a
 * signed-in page it keeps storage (disableStorageReset); this empties what it would have (the
 * HTTP cache, the service worker and its caches) and puts the session back, so the run is as cold
 * as a guest's.
 */
async function prepareSignedIn(connection, session) {
  const page = await emptiedOrigin(connection);
  await page.evaluate(({ auth, accessKey }) => {
    localStorage.setItem('auth', auth);
    localStorage.setItem('accessKey', accessKey);
  }, session);
  await page.close();
}

/**
 * A guest's page measured after a signed-in one: Lighthouse's own reset left the member's session
 * in local storage, so the guest was measured signed in (the login screen at 55 to 72, as the app).
 */
async function prepareGuest(connection) {
  await (await emptiedOrigin(connection)).close();
}

/** A tab on the origin with the HTTP cache, the service worker and every kind of storage emptied. */
async function emptiedOrigin(connection) {
  const page = await connection.newPage();
  await page.goto(`${ORIGIN}/api/health`);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: ORIGIN,
    storageTypes: 'cookies,local_storage,indexeddb,service_workers,cache_storage',
  });
  return page;
}

let browser;
let connection;
try {
  const member = [...SIGNED_IN].some((page) => PAGES.includes(page)) ? await createSignedInMember() : null;
  browser = await chromeLauncher.launch({
    chromePath: chrome.executablePath,
    // The front's certificate is made at start for localhost.
    chromeFlags: ['--headless=new', ...(front ? ['--ignore-certificate-errors'] : []), ...chrome.args],
    envVars: { ...process.env, ...chrome.env },
  });
  connection = member && (await puppeteer.connect({ browserURL: `http://127.0.0.1:${browser.port}` }));
  const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
  const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // A run whose trace Chromium failed to record (NO_NAVSTART and the like) scores nothing: run it again.
      let result;
      for (let attempt = 0; attempt < 3; attempt++) {
        const signedIn = SIGNED_IN.has(page);
        if (signedIn) await prepareSignedIn(connection, member);
        else if (connection) await prepareGuest(connection);
        result = await lighthouse(`${ORIGIN}${page}`, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: signedIn,
        });
        // A signed-in page that sent the member to the login screen measured the wrong page.
        if (signedIn && new URL(result.lhr.finalDisplayedUrl).pathname !== page) {
          throw new Error(`${page} was not shown signed in: it ended at ${result.lhr.finalDisplayedUrl}`);
        }
        if (!result.lhr.runtimeError) break;
        console.warn(`  ${page}: ${result.lhr.runtimeError.code}, running again`);
      }
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        fs.writeFileSync(
          path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}${RUNS > 1 ? `-${run + 1}` : ''}.json`),
          JSON.stringify(result.lhr, null, 1),
        );
      }
      runs.push(
        Object.fromEntries(CATEGORIES.map((k) => [k, Math.round((result.lhr.categories[k]?.score ?? 0) * 100)])),
      );
      if (process.env.LIGHTHOUSE_VERBOSE) {
        for (const [id, audit] of Object.entries(result.lhr.audits)) {
          if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
            console.log(
              `  ${page} ${id}: ${audit.score} ${audit.displayValue ?? ''} ${audit.explanation ?? ''}`.trimEnd(),
            );
          }
        }
      }
    }
    const score = (k) => median(runs.map((r) => r[k]));
    const all = RUNS > 1 ? `  (performance runs: ${runs.map((r) => r.performance).join(', ')})` : '';
    rows.push(
      `${`${page}${SIGNED_IN.has(page) ? ' (signed in)' : ''}`.padEnd(26)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  seo ${score('seo')}${all}`,
    );
  }
  for (const row of rows) console.log(row);
} finally {
  await connection?.disconnect();
  await browser?.kill();
  await front?.stop();
  await server.stop();
}
