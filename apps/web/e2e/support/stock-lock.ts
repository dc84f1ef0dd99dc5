import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The shared server has one stock of each level for every journey on it, and several change it:
 * - the market's own, which sells a level out, queues, and expects the next token to serve its queue;
 * - the ones that list a token and buy it (referrals, partners, the monitor: supplyAndBuy).
 * The meeting journeys run on servers of their own (support/meet-server.ts), with their own stock.
 *
 * On parallel workers, one journey's freshly listed token was bought by another's buyer, or went to
 * another's queue. While a journey needs the stock to be its own, it holds this lock. The lock is a
 * directory shared by the workers of one run (their parent is the runner), and a holder that died
 * loses it. The time spent waiting for the lock is added to the test's timeout.
 */
const LOCK = path.join(os.tmpdir(), `e2e-stock-${process.ppid}`);
const HOLDER = path.join(LOCK, 'pid');

/** Waits for the lock and takes it; answers its release (safe to call twice). */
export async function holdStock(): Promise<() => void> {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(HOLDER, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderDied()) fs.rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const waited = Date.now() - started;
  if (waited > 100) test.info().setTimeout(test.info().timeout + waited);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    fs.rmSync(LOCK, { recursive: true, force: true });
  };
}

/** Runs `work` holding the lock. */
export async function withStock<T>(work: () => Promise<T>): Promise<T> {
  const release = await holdStock();
  try {
    return await work();
  } finally {
    release();
  }
}

function holderDied(): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(HOLDER, 'utf8'));
  } catch {
    // Taken a moment ago, its holder not written yet.
    return false;
  }
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
