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
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'black-translucent' }, injectTo: 'head' },
    ],
  };
}

/**
 * The entry's stylesheet (only the @font-face rules: every other style comes from emotion) goes
 * into index.html itself. As a file it blocked the first paint for a request of its own; inline it
 * is a few hundred bytes of the page. Its font URLs are absolute (/assets/...), so they still work.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = bundle[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          delete bundle[fileName];
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    homeScreenTags(),
    inlineEntryCss(),
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
              request.mode === 'navigate' && !/^\/(api|socket\.io)(\/|$)/.test(url.pathname) && !/\.[^/]*$/.test(url.pathname),
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, MUI's core, i18next, the
          // layout) runs on every page anyway: one chunk instead of a dozen shared fragments. The
          // fragments cost a request each and compress worse apart (about 10 KB gzipped on "/").
          // Page chunks stay split as before.
          groups: [{ name: 'start', tags: ['$initial'] }],
        },
      },
    },
  },
});
