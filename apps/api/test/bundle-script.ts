import path from 'node:path';
import { build } from 'esbuild';
import { findRepoRoot } from '../src/lib/paths';

const ROOT = findRepoRoot();

/**
 * A TypeScript entry bundled once for tests that run it as its own process (our code inlined,
 * npm packages external), written beside node_modules so those resolve. Under tsx every process
 * spent seconds of CPU compiling the API again. Returns the bundle's path; the caller removes it.
 */
export async function bundleScript(entry: string, name: string): Promise<string> {
  const outfile = path.join(ROOT, 'node_modules/.cache/test-scripts', `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
}
