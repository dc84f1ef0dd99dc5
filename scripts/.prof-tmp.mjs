import { spawn } from 'node:child_process'; import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const dist = process.argv[2] ?? 'apps/web/dist'; const route = process.argv[3] ?? '/';
const PORT = 4302; const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', WEB_DIST_DIR: dist }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (let i = 0; i < 400; i++) { try { if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break; } catch {} await new Promise(r => setTimeout(r, 250)); }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await p.goto(`http://127.0.0.1:${PORT}${route}`, { waitUntil: 'networkidle' });
  await p.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const maps = {};
  const mapFor = (url) => { const m = url.match(/\/assets\/([^/?]+\.js)/); if (!m) return null; const f = path.join(dist, 'assets', m[1] + '.map'); if (!fs.existsSync(f)) return null; return maps[f] ??= new TraceMap(JSON.parse(fs.readFileSync(f, 'utf8'))); };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  if (process.env.MODULE_EVAL) {
    // keep only samples under a module body frame (line 0, col 0 of a start chunk)
    const under = (id) => { for (let x = id; x; x = parent.get(x)) { const cf = byNode.get(x).callFrame; if (/start-.*\.js/.test(cf.url) && cf.lineNumber === 0 && cf.columnNumber === 0) return true; } return false; };
    profile.samples = profile.samples.map((id) => (under(id) ? id : profile.nodes[0].id));
  }
  const self = new Map(); const dt = profile.timeDeltas; let total = 0;
  profile.samples.forEach((id, i) => { self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)); });
  const agg = new Map();
  for (const [id, us] of self) { const n = byNode.get(id); const cf = n.callFrame; let key = cf.functionName || '(anon)';
    if (['(idle)', '(program)', '(garbage collector)', '(root)'].includes(cf.functionName)) key = cf.functionName;
    else { const tm = mapFor(cf.url); if (tm) { const o = originalPositionFor(tm, { line: cf.lineNumber + 1, column: cf.columnNumber }); const src = o.source ?? '?'; const nm = src.lastIndexOf('node_modules/'); key = (nm >= 0 ? src.slice(nm + 13).split('/').slice(0, src.slice(nm+13).startsWith('@') ? (process.env.DEEPER ? 4 : 2) : (process.env.DEEPER ? 3 : 1)).join('/') : src.replace(/^.*src\//, 'src/')) + (process.env.DEEPER ? ':' + (o.line ?? '') + ' ' + (o.name ?? cf.functionName) : ''); } else if (cf.url) key = 'other:' + cf.url.slice(-40); else key = 'native:' + key; }
    agg.set(key, (agg.get(key) ?? 0) + us); if (key !== '(idle)') total += us; }
  for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(0).padStart(6), 'ms', k);
  console.log('total non-idle', (total / 1000).toFixed(0));
  await browser.close();
} finally { server.kill('SIGTERM'); }
