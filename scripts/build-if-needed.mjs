// Builds the web app and the API bundle when they are missing or older than their sources,
// so `npm start` and the browser tests always run what the sources say.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const targets = [
  {
    name: 'web app',
    output: 'apps/web/dist/server/render-public-page.js',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/public.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/shared/src',
      'package-lock.json',
    ],
    command: ['npm', ['run', 'build', '-w', '@app/web']],
  },
  {
    name: 'API',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/shared/src', 'package-lock.json'],
    command: ['npm', ['run', 'build', '-w', '@app/api']],
  },
];

export function buildIfNeeded({ only } = {}) {
  for (const target of targets) {
    if (only && !only.includes(target.name)) continue;
    const output = path.join(root, target.output);
    const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    if (built >= newestMtime(target.inputs)) continue;
    console.log(`Building the ${target.name}…`);
    const [cmd, args] = target.command;
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Building the ${target.name} failed.`);
      process.exit(result.status ?? 1);
    }
    // Vite may keep an unchanged index.html's old mtime; the stamp is what the check reads.
    fs.utimesSync(output, new Date(), new Date());
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
