// `npm run test:engine`: on the embedded PGlite, the API tests of the code that differs between
// PGlite and PostgreSQL. CI runs `npm test` with the API tests on its PostgreSQL and then this, so
// each engine's own code is tested on it without every API file running twice (decision 042).
// The files are found, not listed: every test in the folder of a source file that names PGlite, every
// test that names it itself, and the kill-and-restart suites (a killed process's data directory).
// start-server.test.ts is left out: it runs the embedded defaults in `npm test` whatever
// DATABASE_URL says.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SRC = 'apps/api/src';
const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
const all = files(SRC);
const namesPglite = (file) => /pglite/i.test(fs.readFileSync(file, 'utf8'));
const isTest = (file) => file.endsWith('.test.ts');
const engineFolders = new Set(all.filter((file) => !isTest(file) && namesPglite(file)).map(path.dirname));
const chosen = all
  .filter(isTest)
  .filter(
    (file) =>
      engineFolders.has(path.dirname(file)) || namesPglite(file) || path.basename(file).startsWith('crash-safety-'),
  )
  .filter((file) => !file.endsWith('start-server.test.ts'))
  .sort();
console.log(`API tests of the engine-specific code on PGlite: ${chosen.length} files`);
const { DATABASE_URL: _ignored, ...env } = process.env;
const result = spawnSync('npx', ['vitest', 'run', ...chosen], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
