// Bundles the API into dist/server.js: our code and the shared package inlined, every npm
// dependency left external (installed by `npm install`).
import fs from 'node:fs';
import { build } from 'esbuild';

const manifest = (file) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const external = [
  ...Object.keys(manifest('./package.json').dependencies ?? {}),
  ...Object.keys(manifest('../../packages/shared/package.json').dependencies ?? {}),
].filter((name) => !name.startsWith('@app/'));

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
