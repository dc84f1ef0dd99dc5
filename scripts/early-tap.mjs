// `npm run early-tap [-- paths…]` (`/` and `/help/faq` by default): how long a visitor's first tap on the header waits on a
// public page (issue 19: at most 300 ms on a phone whose CPU is 4x slower). The production build
// is served by the real server (scripts/serve-built.mjs) and driven through Playwright with the
// Chromium that scripts/chromium.mjs picks, at a phone's viewport with touch, the renderer's CPU
// throttled (Emulation.setCPUThrottlingRate) and a slow 4G network (Lighthouse's: 562.5 ms of
// latency, 1.6 Mbit/s down, 750 kbit/s up), every run in a fresh context (nothing cached).
// Each run loads the page, taps a header button some time after the load event, and the page
// itself measures from the tap's pointerdown to the first frame in which the popup is on screen
// ("opens") and to the frame its transition ends ("settles").
// Printed per page and button: the medians of the runs for an early tap, for the same tap once
// the page has hydrated and gone quiet, and a bare reference (a static page with a CSS-only menu,
// what this harness and this machine take for a tap at all); plus the machine's cores and load.
//   EARLY_TAP_RUNS=5          runs per figure (the median is printed, and every run)
//   EARLY_TAP_AFTER_LOAD=1000 ms between the load event and the early tap
//   EARLY_TAP_CPU=4           the CPU throttling rate
//   EARLY_TAP_NETWORK=slow4g  or "none" (loopback as it is)
//   EARLY_TAP_BUTTONS=menu    the buttons tapped: the phone's menu (the drawer, the default), and
//                             with `menu,language` also the language menu, the header's other
//                             control at a phone's width (it still waits for hydration)
//   EARLY_TAP_HYDRATED=1      also the tap after hydration ("0" skips it)
//   EARLY_TAP_PORT=4399       the server's port; WEB_DIST_DIR=d serves another web build
/* global window, document, getComputedStyle, innerWidth, innerHeight, requestAnimationFrame, addEventListener, Element -- in functions that run in the page */
import os from 'node:os';
import { chromium } from '@playwright/test';
import { buildIfNeeded } from './build-if-needed.mjs';
import { resolveChromium } from './chromium.mjs';
import { serveBuilt } from './serve-built.mjs';

const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/help/faq'];
const RUNS = Math.max(1, Number(process.env.EARLY_TAP_RUNS ?? 5));
const AFTER_LOAD = Number(process.env.EARLY_TAP_AFTER_LOAD ?? 1000);
const CPU = Number(process.env.EARLY_TAP_CPU ?? 4);
const NETWORK = process.env.EARLY_TAP_NETWORK ?? 'slow4g';
const HYDRATED = process.env.EARLY_TAP_HYDRATED !== '0';
const PORT = Number(process.env.EARLY_TAP_PORT ?? 4399);

/** What is tapped, and the popup it opens (the same classes whichever code draws it). */
const BUTTONS = {
  menu: { button: '[data-testid="menu-button"]', popup: '.MuiDrawer-paper' },
  language: { button: '[data-testid="language-button"]', popup: '.MuiMenu-paper' },
};
const buttons = (process.env.EARLY_TAP_BUTTONS ?? 'menu').split(',').map((name) => {
  if (!(name in BUTTONS)) throw new Error(`EARLY_TAP_BUTTONS: no button "${name}" (${Object.keys(BUTTONS)})`);
  return name;
});

/** Lighthouse's mobile preset (a Moto G Power) and its DevTools throttling of slow 4G. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/**
 * In the page, from its first script on: the tap (its pointerdown's time stamp, which is when the
 * input arrived even if the main thread was busy), then every animation frame until the popup is
 * on screen and its transition has ended; and when hydration marked the page.
 */
function probe({ button, popup }) {
  const state = { tap: null, opens: null, settles: null, hydrated: null, hydratedAtTap: null, longTasks: [] };
  window.__earlyTap = state;
  // Long tasks (50 ms and more): what the main thread was busy with while the tap waited.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Hydration marks <html> (AppFrame); polled, as an init script may run before <html> exists.
  const watchHydration = () => {
    if (document.documentElement?.dataset.interactive === 'true') state.hydrated = performance.now();
    else setTimeout(watchHydration, 10);
  };
  watchHydration();
  const settled = (style) =>
    (style.transform === 'none' || style.transform === 'matrix(1, 0, 0, 1, 0, 0)') && Number(style.opacity) === 1;
  const frame = () => {
    const now = performance.now();
    const node = [...document.querySelectorAll(popup)].pop();
    if (node) {
      const box = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      const onScreen =
        box.width > 0 && box.left < innerWidth && box.right > 0 && box.top < innerHeight && box.bottom > 0;
      if (onScreen && style.visibility !== 'hidden' && Number(style.opacity) > 0) {
        state.opens ??= now;
        if (settled(style)) state.settles = now;
      }
    }
    if (state.settles === null) requestAnimationFrame(frame);
  };
  addEventListener(
    'pointerdown',
    (event) => {
      if (state.tap !== null || !(event.target instanceof Element) || !event.target.closest(button)) return;
      state.tap = event.timeStamp;
      state.hydratedAtTap = state.hydrated !== null;
      requestAnimationFrame(frame);
    },
    { capture: true },
  );
}

/** A static page whose menu is CSS only (a checkbox and its label): a tap with no script at all. */
const BARE_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;font:16px system-ui}header{display:flex;justify-content:flex-end;padding:8px}
#m{position:absolute;opacity:0}label{display:block;width:40px;height:40px;background:#2f7bff}
nav{position:fixed;top:0;right:0;bottom:0;width:300px;background:#15171d;color:#fff;transform:translateX(100%);
transition:transform 225ms cubic-bezier(0,0,0.2,1)}#m:checked~nav{transform:none}</style></head>
<body><header><input type="checkbox" id="m"><label for="m" data-testid="menu-button"></label>
<nav class="MuiDrawer-paper"><a href="/">Home</a></nav></header></body></html>`;

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
const ms = (value) => (value === null ? '–' : `${Math.round(value)} ms`);

async function measure(browser, url, buttonName, mode) {
  const target = BUTTONS[buttonName];
  const context = await browser.newContext({ ...PHONE, locale: 'en-US', serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(probe, target);
    if (mode === 'bare') await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: BARE_PAGE }));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (NETWORK === 'slow4g') {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (mode === 'hydrated') {
      await page.waitForSelector('html[data-interactive="true"]', { state: 'attached', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    }
    const { wait, x, y } = await page.evaluate(
      ({ selector, afterLoad }) => {
        const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
        const box = [...document.querySelectorAll(selector)].find((n) => n.getBoundingClientRect().width > 0);
        if (!box) throw new Error(`no visible ${selector}`);
        const rect = box.getBoundingClientRect();
        return {
          wait: Math.max(0, loaded + afterLoad - performance.now()),
          x: rect.left + rect.width / 2,
          y: rect.top + rect.height / 2,
        };
      },
      { selector: target.button, afterLoad: mode === 'early' ? AFTER_LOAD : 1000 },
    );
    await page.waitForTimeout(wait);
    // Coordinates, not a locator: Playwright's checks before a tap run in the page and would wait
    // for the busy main thread, moving the tap.
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => window.__earlyTap.settles !== null, null, { timeout: 60_000, polling: 100 });
    const result = await page.evaluate(() => {
      const state = window.__earlyTap;
      const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
      // The part of the wait the main thread spent in long tasks.
      const busy = state.longTasks.reduce(
        (sum, [start, end]) => sum + Math.max(0, Math.min(end, state.opens) - Math.max(start, state.tap)),
        0,
      );
      return { ...state, loaded, busy, tapAfterLoad: state.tap - loaded };
    });
    return {
      opens: result.opens - result.tap,
      settles: result.settles - result.tap,
      loaded: result.loaded,
      tapAfterLoad: result.tapAfterLoad,
      hydratedAtTap: result.hydratedAtTap,
      busy: result.busy,
    };
  } finally {
    await context.close();
  }
}

const chrome = resolveChromium();
buildIfNeeded();
console.log(`Browser: ${chrome.label}`);
console.log(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `Phone ${PHONE.viewport.width}x${PHONE.viewport.height}, CPU ${CPU}x slower, network ${NETWORK}, ${RUNS} runs, early tap ${AFTER_LOAD} ms after load`,
);

const server = await serveBuilt({ port: PORT, name: 'early-tap', pages: PAGES });
const browser = await chromium.launch({
  executablePath: chrome.executablePath,
  args: chrome.args,
  ...(Object.keys(chrome.env).length ? { env: { ...process.env, ...chrome.env } } : {}),
});
try {
  const row = async (label, url, buttonName, mode) => {
    const runs = [];
    let failed = 0;
    for (let run = 0; run < RUNS; run++) {
      try {
        runs.push(await measure(browser, url, buttonName, mode));
      } catch (error) {
        // A popup that never showed within the minute counts as a failed run, not as a figure.
        failed++;
        console.warn(`  ${label}: run ${run + 1} failed: ${String(error).split('\n')[0]}`);
      }
    }
    const line = {
      label,
      opens: median(runs.map((r) => r.opens)),
      settles: median(runs.map((r) => r.settles)),
      every: [...runs.map((r) => Math.round(r.opens)), ...Array(failed).fill('failed')].join(', '),
      busy: median(runs.map((r) => r.busy)),
      loaded: median(runs.map((r) => r.loaded)),
      tapAfterLoad: median(runs.map((r) => r.tapAfterLoad)),
      hydratedAtTap: runs.filter((r) => r.hydratedAtTap).length,
    };
    console.log(
      `${label.padEnd(36)} opens ${ms(line.opens).padStart(8)}  settles ${ms(line.settles).padStart(8)}  (opens: ${line.every};` +
        ` of which long tasks ${ms(line.busy)})` +
        `  load event ${ms(line.loaded)}, tap ${ms(line.tapAfterLoad)} after it, hydrated before the tap ${line.hydratedAtTap}/${runs.length},` +
        ` load average ${os.loadavg()[0].toFixed(2)}`,
    );
    return line;
  };
  const bare = await row('bare: static page, CSS-only menu', `${server.url}/__early-tap-bare`, 'menu', 'bare');
  for (const path of PAGES) {
    for (const buttonName of buttons) {
      const early = await row(`${path} ${buttonName}, early`, `${server.url}${path}`, buttonName, 'early');
      let hydrated;
      if (HYDRATED)
        hydrated = await row(`${path} ${buttonName}, hydrated`, `${server.url}${path}`, buttonName, 'hydrated');
      const ratios = [
        early.opens && hydrated?.opens ? `${(early.opens / hydrated.opens).toFixed(1)}x the hydrated page's` : null,
        early.opens && bare.opens ? `${(early.opens / bare.opens).toFixed(1)}x the bare page's` : null,
      ].filter(Boolean);
      if (ratios.length) console.log(`${''.padEnd(36)} early tap: ${ratios.join(', ')}`);
    }
  }
  console.log(
    `Load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
