import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The repository root, found by walking up to the package.json that declares the workspaces.
 * Works the same from the TypeScript sources (tests, dev) and from the bundle in apps/api/dist.
 */
export function findRepoRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in JSON.parse(fs.readFileSync(manifest, 'utf8'))) {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (package.json with workspaces)');
    dir = parent;
  }
}
