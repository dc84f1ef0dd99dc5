import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, while most API
    // files spend their time waiting on sockets, timers and the database: one per core is faster.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
