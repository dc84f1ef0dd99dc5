// usage: node measure.mjs <distDir> [path] ; run from /work/main inside unshare -n
import { spawn } from 'node:child_process';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
const dist = process.argv[2]; const page = process.argv[3] ?? '/';
const PORT = 4300;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meas-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', WEB_DIST_DIR: dist }, stdio: ['ignore', 'ignore', 'inherit'] });
for (let i = 0; i < 200; i++) { try { if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
const rows = [];
p.on('response', async (r) => { if (r.request().resourceType() === 'script') { try { const b = await r.body(); rows.push([r.url().replace(/.*\//, ''), b.length, zlib.gzipSync(b).length]); } catch (e) { rows.push([r.url(), 0, 0]); } } });
await p.goto(`http://127.0.0.1:${PORT}${page}`, { waitUntil: 'networkidle' });
await p.waitForTimeout(4500);
await p.waitForLoadState('networkidle');
rows.sort((a, b) => b[2] - a[2]);
let total = 0; for (const [u, raw, gz] of rows) { total += gz; console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz ${(raw / 1024).toFixed(1).padStart(7)} KB  ${u}`); }
console.log(`TOTAL ${(total / 1024).toFixed(1)} KB gz in ${rows.length} scripts`);
await browser.close(); server.kill('SIGTERM'); fs.rmSync(dataDir, { recursive: true, force: true });
