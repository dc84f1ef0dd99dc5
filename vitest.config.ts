import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that take minutes (processes killed and restarted, several servers on one database). Vitest
 * orders a clean checkout by file size, which started the kill-and-restart suite last and left one
 * worker running it alone for minutes at the end of CI: these start first, longest first.
 */
const SLOW_FILES = [
  'apps/api/src/crash-safety-treasury.test.ts',
  'apps/api/src/crash-safety-purchases.test.ts',
  'apps/api/src/events/event-bus.test.ts',
  'apps/api/src/start-server.test.ts',
  'apps/api/src/jobs/job-queue.test.ts',
  'apps/api/src/scripts/user-role.test.ts',
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOW_FILES.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // API files build their own app and database; what they would share is the module graph
        // (Fastify, drizzle, viem, zod schemas), which took a third of the run to load file by file.
        test: { name: 'api', include: ['apps/api/src/**/*.test.ts'], isolate: false, pool: 'threads' },
      },
      {
        extends: true,
        test: { name: 'web and shared', include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
    // Vitest's default (cores - 1) runs one file at a time on a 2-core machine, while most API
    // files spend their time waiting on sockets, timers and the database: one per core is faster.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: SlowFilesFirst },
    // One migrated PGlite dump that every API test database starts from (apps/api/test/pglite-template.ts).
    globalSetup: ['apps/api/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
