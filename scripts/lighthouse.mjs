// `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G
// network, simulated) against the built site served by the real server, with Debian's Chromium.
// Prints performance, accessibility, best practices and SEO per page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from './build-if-needed.mjs';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/help/faq'];
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4199);
const chromePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));

buildIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The server starts its development chain first, which takes a while on a cold machine. */
async function waitForServer() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

let chrome;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const rows = [];
  for (const page of PAGES) {
    const result = await lighthouse(`http://localhost:${PORT}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr, null, 1));
    }
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    rows.push({ page, performance: score('performance'), accessibility: score('accessibility'), 'best practices': score('best-practices'), seo: score('seo') });
    if (process.env.LIGHTHOUSE_VERBOSE) {
      for (const [id, audit] of Object.entries(result.lhr.audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') {
          console.log(`  ${page} ${id}: ${audit.score} ${audit.displayValue ?? ''} ${audit.explanation ?? ''}`.trimEnd());
        }
      }
    }
  }
  for (const row of rows) console.log(`${row.page.padEnd(12)} performance ${row.performance}  accessibility ${row.accessibility}  best practices ${row["best practices"]}  seo ${row.seo}`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
