/* global window */
// `npm run profile-load -- /market`: what a page's load does on a phone-slow CPU (4x), to find what
// makes Lighthouse's total blocking time. The production build is served as `npm run lighthouse`
// serves it; a page Lighthouse measures signed in (/market) is loaded by a new member. Prints:
//   - each long task (over 50 ms of main thread, split at idle samples of a CPU profile), with the
//     functions taking most of it, mapped through the build's source maps to our sources and
//     packages ("(program)" is the browser's own work: style, layout, compiling);
//   - each React commit: how many components rendered and which started it (its props unchanged),
//     read through a stand-in of React DevTools' hook. Component names need an unminified build:
//     `cd apps/web && npx vite build --minify false --outDir d` and WEB_DIST_DIR=d (the server serves
//     that build; copy the rest of apps/web/dist beside it first).
// Figures are the browser's own timings under throttling, not Lighthouse's simulation, and the probe
// walking the tree at each commit shows in them (`walk`, `nameOf`): compare runs of one machine.
// PROFILE_CPU_RATE=1 loads unthrottled, as Lighthouse's own run does before it simulates a 4x CPU
// from it: the tasks listed are then those over 12.5 ms, which its simulation makes 50 ms or more.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { buildIfNeeded } from './build-if-needed.mjs';
import { resolveChromium } from './chromium.mjs';
import { createMember, serveBuilt } from './serve-built.mjs';

const target = process.argv[2] ?? '/market';
const SIGNED_IN = new Set(['/market']);
const PORT = Number(process.env.PROFILE_PORT ?? 4198);
const CPU_RATE = Number(process.env.PROFILE_CPU_RATE ?? 4);
const LONG_TASK_MS = (50 * CPU_RATE) / 4;
const distDir = process.env.WEB_DIST_DIR ?? 'apps/web/dist';

buildIfNeeded();
const server = await serveBuilt({ port: PORT, name: 'profile-load' });
const chrome = resolveChromium();
const browser = await puppeteer.launch({ executablePath: chrome.executablePath, args: chrome.args, headless: true });

/** Counts each commit's rendered components: installed before the page's scripts. */
function installCommitProbe() {
  window.__commits = [];
  let commit = 0;
  const lastCurrent = new WeakMap();
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (typeof type === 'function') return type.displayName || type.name || null;
    if (type && typeof type === 'object')
      return type.displayName || type.render?.displayName || type.render?.name || type.type?.name || null;
    return null;
  };
  // Function, class, forwardRef and memo components.
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      commit++;
      const rendered = new Map();
      const startedBy = new Set();
      let count = 0;
      const walk = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          // Rendered in this commit: it was not the current fiber at the last commit (React swaps the
          // two copies of what it renders) and it did work (a clone that bailed out did none).
          const didRender = lastCurrent.get(fiber) !== commit - 1 && (fiber.flags & 1) === 1;
          lastCurrent.set(fiber, commit);
          const name = nameOf(fiber);
          if (didRender && name && COMPONENT_TAGS.has(fiber.tag)) {
            count++;
            rendered.set(name, (rendered.get(name) ?? 0) + 1);
            if (fiber.alternate && fiber.alternate.memoizedProps === fiber.memoizedProps) startedBy.add(name);
          }
          if (fiber.child) walk(fiber.child);
        }
      };
      walk(root.current.child);
      window.__commits.push({
        at: Math.round(performance.now()),
        count,
        startedBy: [...startedBy].slice(0, 10),
        most: [...rendered].sort((a, b) => b[1] - a[1]).slice(0, 6),
      });
    },
  };
}

const sourceMaps = new Map();
/** A profile frame as `name source:line`, through the build's source map when there is one. */
function frameName(callFrame) {
  const file = callFrame.url.split('/').pop() ?? '';
  const fallback = `${callFrame.functionName || '(anonymous)'} ${file}`;
  if (!file.endsWith('.js')) return fallback;
  if (!sourceMaps.has(file)) {
    const mapFile = path.join(distDir, 'assets', `${file}.map`);
    sourceMaps.set(
      file,
      fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  const map = sourceMaps.get(file);
  if (!map) return fallback;
  const original = map.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
  const source = (original.source ?? file).replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${original.name || callFrame.functionName || '(anonymous)'} ${source}:${original.line}`;
}

/** The profile's long tasks: runs of samples without an idle one between them. */
function longTasks(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const tasks = [];
  let task = null;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i];
    time += delta;
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      if (task) tasks.push(task);
      task = null;
      return;
    }
    task ??= { start: time - delta, end: time, self: new Map(), ours: new Map() };
    task.end = time;
    const own = frameName(nodes.get(id).callFrame);
    task.self.set(own, (task.self.get(own) ?? 0) + delta / 1000);
    const seen = new Set();
    for (let node = id; node !== undefined; node = parents.get(node)) {
      const name = frameName(nodes.get(node).callFrame);
      if (!name.includes(' src/') || seen.has(name)) continue;
      seen.add(name);
      task.ours.set(name, (task.ours.get(name) ?? 0) + delta / 1000);
    }
  });
  if (task) tasks.push(task);
  return tasks
    .filter((t) => (t.end - t.start) / 1000 > LONG_TASK_MS)
    .map((t) => ({ ...t, start: (t.start - profile.startTime) / 1000, ms: (t.end - t.start) / 1000 }));
}

const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${ms.toFixed(0)} ${name}`)
    .join(' | ');

try {
  const page = await browser.newPage();
  if (SIGNED_IN.has(target)) {
    const member = await createMember(server.url, 'profile');
    await page.goto(`${server.url}/api/health`.replace('127.0.0.1', 'localhost'));
    await page.evaluate(
      ({ auth, accessKey }) => {
        localStorage.setItem('auth', auth);
        localStorage.setItem('accessKey', accessKey);
      },
      { auth: JSON.stringify(member), accessKey: member.token },
    );
  }
  await page.evaluateOnNewDocument(installCommitProbe);
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.url}${target}`.replace('127.0.0.1', 'localhost'), { waitUntil: 'load' });
  // Past the cookie banner's 3 s and the socket's arrival.
  await new Promise((resolve) => setTimeout(resolve, 9000));
  const { profile } = await cdp.send('Profiler.stop');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  const commits = await page.evaluate(() => window.__commits);

  console.log(
    `${target}: first contentful paint at ${Math.round(fcp ?? NaN)} ms (${CPU_RATE}x CPU, as the browser timed it)`,
  );
  console.log(`\nlong tasks (over ${LONG_TASK_MS} ms; ms from the profile's start):`);
  for (const task of longTasks(profile)) {
    console.log(`  at ${task.start.toFixed(0)}, ${task.ms.toFixed(0)} ms`);
    console.log(`    most of it: ${top(task.self, 6)}`);
    if (task.ours.size) console.log(`    in our code: ${top(task.ours, 6)}`);
  }
  console.log('\nReact commits (ms since the page started):');
  for (const c of commits) {
    const most = c.most.map(([name, n]) => `${name}×${n}`).join(' ');
    console.log(`  ${c.at}: ${c.count} components, started by ${c.startedBy.join(', ') || '-'}; most: ${most}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
