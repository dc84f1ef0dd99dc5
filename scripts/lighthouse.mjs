// `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G
// network, simulated) against the built site served by the real server, with the Chromium that
// scripts/chromium.mjs picks (CHROMIUM_PATH, Debian's, else the one inside @sparticuz/chromium).
// Prints performance, accessibility, best practices and SEO per page.
//   LIGHTHOUSE_RUNS=3       runs each page that often and prints the median of each score (the
//                           performance score moves with the machine's load; one run can mislead)
//   LIGHTHOUSE_VERBOSE=1    also lists every audit below 0.9, with Lighthouse's explanation
//   LIGHTHOUSE_REPORT_DIR=d writes each page's full report (JSON) there
//   WEB_DIST_DIR=d          serves another web build (the server reads it)
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from './build-if-needed.mjs';
import { resolveChromium } from './chromium.mjs';
import { serveBuilt } from './serve-built.mjs';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/help/faq'];
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4199);
const chrome = resolveChromium();
console.log(`Browser: ${chrome.label}`);

buildIfNeeded();
// Each page requested once first: what every visitor after the first one gets is measured.
const server = await serveBuilt({ port: PORT, name: 'lighthouse', pages: PAGES });
let browser;
try {
  browser = await chromeLauncher.launch({
    chromePath: chrome.executablePath,
    chromeFlags: ['--headless=new', ...chrome.args],
    envVars: { ...process.env, ...chrome.env },
  });
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
        result = await lighthouse(`http://localhost:${PORT}${page}`, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
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
      `${page.padEnd(12)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  seo ${score('seo')}${all}`,
    );
  }
  for (const row of rows) console.log(row);
} finally {
  await browser?.kill();
  server.stop();
}
