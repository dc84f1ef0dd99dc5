import { spawn } from 'node:child_process'; import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
const dist = process.argv[2] ?? 'apps/web/dist'; const route = process.argv[3] ?? '/';
const PORT = 4303; const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', WEB_DIST_DIR: dist }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (let i = 0; i < 400; i++) { try { if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const p = await ctx.newPage();
  await browser.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  await p.goto(`http://127.0.0.1:${PORT}${route}`, { waitUntil: 'networkidle' });
  await p.waitForTimeout(1000);
  const buf = await browser.stopTracing();
  const events = JSON.parse(buf.toString()).traceEvents;
  const main = events.filter(e => e.name === 'RunTask' && e.dur > 8000);
  const pidTid = {}; for (const e of events) if (e.name === 'thread_name' && e.args.name === 'CrRendererMain') pidTid[e.pid + ':' + e.tid] = 1;
  const t0 = Math.min(...events.filter(e => e.name === 'navigationStart').map(e => e.ts));
  for (const task of main.filter(e => pidTid[e.pid + ':' + e.tid]).sort((a,b)=>a.ts-b.ts)) {
    const inner = events.filter(e => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.dur > 2000 && ['FunctionCall','EvaluateScript','v8.compileModule','v8.evaluateModule','TimerFire','FireAnimationFrame','Layout','UpdateLayoutTree','Paint','ParseHTML','EventDispatch','RunMicrotasks','V8.GC_SCAVENGER','MajorGC','MinorGC'].includes(e.name));
    const desc = inner.slice(0, 6).map(e => `${e.name}${e.args?.data?.url ? '(' + e.args.data.url.slice(-28) + ')' : ''}${e.args?.data?.functionName ? '[' + e.args.data.functionName + ']' : ''}:${(e.dur/1000).toFixed(0)}`).join(' ');
    console.log(`${((task.ts - t0)/1000).toFixed(0).padStart(6)}ms  ${(task.dur/1000).toFixed(0).padStart(4)}ms (x4=${(task.dur*4/1000).toFixed(0)})  ${desc}`);
  }
  await browser.close();
} finally { server.kill('SIGTERM'); }
