import { spawn } from 'node:child_process'; import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const dist = process.argv[2] ?? 'apps/web/dist'; const route = process.argv[3] ?? '/';
const PORT = 4304; const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tasks-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', WEB_DIST_DIR: dist }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (let i = 0; i < 400; i++) { try { if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await browser.startTracing(p, { categories: ['devtools.timeline'] });
  await cdp.send('Profiler.start');
  await p.goto(`http://127.0.0.1:${PORT}${route}`, { waitUntil: 'networkidle' });
  await p.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const mains = new Set(events.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map(e => e.pid + ':' + e.tid));
  const tasks = events.filter(e => e.name === 'RunTask' && e.dur > 50000 && mains.has(e.pid + ':' + e.tid)).sort((a, b) => a.ts - b.ts); console.log('tasks', tasks.length, 'mains', [...mains], events.filter(e => e.name === 'RunTask' && e.dur > 50000).map(e=>e.pid+':'+e.tid+' '+e.dur).slice(0,5));
  const maps = {}; const mapFor = (url) => { const m = url.match(/\/assets\/([^/?]+\.js)/); if (!m) return null; const f = path.join(dist, 'assets', m[1] + '.map'); if (!fs.existsSync(f)) return null; return maps[f] ??= new TraceMap(JSON.parse(fs.readFileSync(f, 'utf8'))); };
  const byId = new Map(profile.nodes.map(n => [n.id, n])); const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (id) => { const cf = byId.get(id).callFrame; if (!cf.url) return cf.functionName || '(native)'; const tm = mapFor(cf.url); if (!tm) return cf.url.slice(-30); const o = originalPositionFor(tm, { line: cf.lineNumber + 1, column: cf.columnNumber }); const s = o.source ?? '?'; const i = s.lastIndexOf('node_modules/'); return (i >= 0 ? s.slice(i + 13).split('/').slice(0, s.slice(i+13).startsWith('@') ? 2 : 1).join('/') : s.replace(/^.*src\//, 'src/')); };
  // top-level app frame: first frame (from root) that is JS with url
  const stackKeys = (id) => { const ks = []; for (let x = id; x; x = parent.get(x)) ks.push(keyOf(x)); return ks.reverse(); };
  let t = profile.startTime; const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return [t, id]; });
  const t0 = Math.min(...events.filter(e => e.name === 'navigationStart').map(e => e.ts));
  for (const task of tasks) {
    const agg = new Map(); const entry = new Map();
    for (const [ts, id] of samples) if (ts >= task.ts && ts <= task.ts + task.dur) { const k = keyOf(id); agg.set(k, (agg.get(k) ?? 0) + 1); const st = stackKeys(id).filter(k => !k.startsWith('(')); const e = st.slice(0, 3).join(' > '); entry.set(e, (entry.get(e) ?? 0) + 1); }
    const top = [...agg].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k}:${(v * 0.25).toFixed(0)}`).join(' ');
    const ent = [...entry].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([k, v]) => `${k}:${(v * 0.25).toFixed(0)}`).join(' | ');
    console.log(`${((task.ts - t0) / 1000).toFixed(0).padStart(6)}ms ${(task.dur / 1000).toFixed(0).padStart(5)}ms  self[${top}]\n        entry[${ent}]`);
  }
  await browser.close();
} finally { server.kill('SIGTERM'); }
