// Runs the API and database tests against a real PostgreSQL server (DATABASE_URL, or the local one).
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
console.log(`API tests against ${url.replace(/\/\/[^@]*@/, '//***@')}`);
// start-server.test.ts is about the embedded defaults (PGlite under DATA_DIR) whatever DATABASE_URL says.
const result = spawnSync('npx', ['vitest', 'run', 'apps/api', '--exclude', 'apps/api/src/start-server.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
