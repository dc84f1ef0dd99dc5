import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database allows one process per data directory; a second instance on the same
 * DATA_DIR would corrupt it, so it is refused with a message that says what to do.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (owner && isAlive(owner)) {
      throw new Error(
        `Another server (pid ${owner}) is using ${dataDir}. Stop it, or set DATA_DIR to another directory to run a second instance.`,
      );
    }
    fs.writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
