import { spawn } from 'node:child_process'; import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
const PORT = 4301; const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cyr-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', WEB_DIST_DIR: process.argv[2] ?? 'apps/web/dist' }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (let i = 0; i < 400; i++) { try { if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const p = await (await browser.newContext({ viewport: { width: 412, height: 823 } })).newPage();
  await p.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
  console.log(await p.evaluate(() => { const out = []; const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT); let n; while ((n = w.nextNode())) if (/[\u0400-\u04FF]/.test(n.textContent)) out.push(n.parentElement.outerHTML.slice(0, 200)); return out; }));
  console.log(await p.evaluate(() => [...document.fonts].filter(f => f.status !== 'unloaded').map(f => `${f.family} ${f.weight} ${f.status} ${f.unicodeRange.slice(0,20)}`)));
  await p.screenshot({ path: '/tmp/fe-perf/home.png', fullPage: true });
  await browser.close();
} finally { server.kill('SIGTERM'); }
