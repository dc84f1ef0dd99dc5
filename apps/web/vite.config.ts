import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const THEME_COLOR = '#0a0b0f';

/**
 * The server never sends the raw index.html: every page path gets it with the public config
 * injected. So the service worker precaches what the server answers for the start page, under a
 * URL of its own: were it precached as "/", the precache route would answer every visit to the
 * start page from the cache and the config would never refresh.
 */
const APP_SHELL_URL = '/?app-shell';

/** Home-screen tags the manifest cannot carry (iOS reads its own), added to the built index.html. */
function homeScreenTags(): Plugin {
  return {
    name: 'home-screen-tags',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: 'Meet Nearby' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
      {
        tag: 'meta',
        attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'black-translucent' },
        injectTo: 'head',
      },
    ],
  };
}

/**
 * The entry's stylesheet (only the @font-face rules: every other style comes from emotion) goes
 * into index.html itself. As a file it blocked the first paint for a request of its own; inline it
 * is a few hundred bytes of the page. Its font URLs are absolute (/assets/...), so they still work.
 * Deleting the file broke chunks that list it as a style to preload ("Unable to preload CSS").
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const asset = bundle[fileName];
            if (!asset || asset.type !== 'asset') return tag;
            // The file stays: a chunk loaded later may list it among the styles it preloads.
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/** The public entry's hydration code (loaded by the entry once it decides to hydrate). */
const HYDRATE_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/prerender/hydrate-public-page.tsx');

/**
 * A code-splitting group's name function: every module the hydration code imports statically goes
 * into one chunk. Left to itself the bundler cut them into thirty fragments (each shared with some
 * page), a request each and worse compression.
 */
/**
 * Reached only through a package's index, and used by pages alone (<Trans> and its HTML parser):
 * they stay with the pages that use them.
 */
const PAGE_ONLY =
  /node_modules\/(react-i18next\/.*\/(Trans|TransWithoutContext|Translation|withTranslation|withSSR|useSSR)\.js|html-parse-stringify|void-elements)/;

function hydrationChunk(name: string) {
  let reachable: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
    if (!reachable) {
      reachable = new Set();
      const queue = [HYDRATE_MODULE];
      while (queue.length) {
        const next = queue.pop()!;
        if (reachable.has(next)) continue;
        reachable.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []).filter((dep) => !PAGE_ONLY.test(dep)));
      }
    }
    return reachable.has(id) ? name : null;
  };
}

/**
 * The files of the public pages' hydration code, named in public.html (`meta[name=page-code]`): the
 * entry asks the browser to fetch them once the page is on screen, and runs them only when the page
 * needs them (src/prerender/hydrate-when-needed.ts). Importing them then would also run them.
 */
function hydrationCodeHint(): Plugin {
  return {
    name: 'hydration-code-hint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const hydration = chunks.find((chunk) => chunk.facadeModuleId === HYDRATE_MODULE);
        if (!hydration) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        visit(hydration.fileName);
        // The entry's own files are there already.
        for (const file of files) if (html.includes(`/${file}"`)) files.delete(file);
        return [
          {
            tag: 'meta',
            attrs: { name: 'page-code', content: [...files].map((file) => `/${file}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The public bundle and its renderer get light stand-ins for React Router and TanStack Query
 * (src/prerender/lite): a prerendered page has no data router and one query. See decision 016.
 */
const LITE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/prerender/lite');
const liteAliases = [
  { find: /^react-router$/, replacement: path.join(LITE, 'router.tsx') },
  { find: /^@tanstack\/react-query$/, replacement: path.join(LITE, 'query.tsx') },
  { find: /^use-sync-external-store\/shim$/, replacement: path.join(LITE, 'use-sync-external-store.ts') },
];

/**
 * Three builds (package.json): the app (index.html, with the service worker); the public pages'
 * entry (`--mode public`: public.html, into the same dist, its own tree-shaking, so its bundle
 * carries no data router); the server's renderer of those pages (`--ssr`, into dist/server).
 */
export default defineConfig(({ mode, isSsrBuild }) => ({
  resolve: {
    alias: mode === 'public' || isSsrBuild ? liteAliases : [],
    // hoist-non-react-statics (through emotion) brings its own react-is 16 beside MUI's 19; what it
    // uses of it (isMemo, ForwardRef, Memo) is the same in 19.
    dedupe: ['react-is'],
  },
  plugins: [
    react(),
    homeScreenTags(),
    inlineEntryCss(),
    mode === 'public' && hydrationCodeHint(),
    mode !== 'public' &&
      !isSsrBuild &&
      VitePWA({
        // main.tsx registers the worker itself (production builds only); an injected script would
        // also need a CSP exception.
        injectRegister: false,
        // The icons are precached with the other files below.
        includeManifestIcons: false,
        manifest: {
          id: '/',
          name: 'Meet Nearby',
          short_name: 'Meet Nearby',
          description: 'Raise your hand, show up on the live map and meet people nearby.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: THEME_COLOR,
          background_color: THEME_COLOR,
          lang: 'en',
          categories: ['social', 'lifestyle'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
          // MapLibre (about 300 KB gzipped) loads with the map page only; the map needs the network
          // anyway (tiles, live hands), so no visitor downloads it in the background.
          globIgnores: ['**/load-maplibre-*', '**/maplibre-gl-worker-*'],
          // The start page is precached as APP_SHELL_URL (below), never served cache-first.
          navigateFallback: null,
          manifestTransforms: [
            async (entries) => ({
              manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: APP_SHELL_URL } : entry)),
              warnings: [],
            }),
          ],
          runtimeCaching: [
            {
              // Pages: always from the network (the server injects the config into them); offline, the
              // precached start page, and the router shows the page asked for. Never a cached copy of
              // a page: it could name assets of an older build.
              // API calls, the socket and files opened directly never go through the worker at all.
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' &&
                !/^\/(api|socket\.io)(\/|$)/.test(url.pathname) &&
                !/\.[^/]*$/.test(url.pathname),
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: APP_SHELL_URL } },
            },
          ],
          // No skipWaiting: a new build's worker takes over once every tab of the old one is closed,
          // so an open tab never loses the precached chunks it was built with. Pages come from the
          // network, so online visitors get a new build at once anyway.
          // sw.js carries the Workbox runtime itself: one uncached file instead of two.
          inlineWorkboxRuntime: true,
          sourcemap: false,
        },
      }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The renderer is one self-contained module: the API process loads it as it is.
  ssr: { noExternal: true },
  // The renderer's React, MUI and emotion are their production builds whatever NODE_ENV the API
  // runs with: the browser's are, and only then do emotion's class names (labelled in development)
  // match, so hydration reuses the server's styles instead of inserting its own. See decision 015.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, copyPublicDir: false, chunkSizeWarningLimit: 5000 }
    : {
        outDir: 'dist',
        // The public entry joins the app's build output; only the app's build starts afresh.
        emptyOutDir: mode !== 'public',
        copyPublicDir: mode !== 'public',
        sourcemap: true,
        chunkSizeWarningLimit: 700,
        // Every browser the site supports preloads modules itself (Safari since 17; an older one only
        // fetches a chunk when it is needed): the polyfill was half a kilobyte of every entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: mode === 'public' ? 'public.html' : 'index.html',
          output: {
            codeSplitting: {
              // Everything the entry imports statically (React, the router, MUI's core, i18next, the
              // layout) runs on every page anyway: one chunk instead of a dozen shared fragments. The
              // fragments cost a request each and compress worse apart (about 10 KB gzipped on "/").
              // Page chunks stay split as before.
              groups:
                mode === 'public'
                  ? [{ name: 'public-start', tags: ['$initial'] }, { name: hydrationChunk('public-app') }]
                  : [{ name: 'start', tags: ['$initial'] }],
            },
          },
        },
      },
}));
