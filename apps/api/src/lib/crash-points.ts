/**
 * Named places where a test may have the process die at once (SIGKILL, no clean-up), to prove that
 * what was written before is enough to finish the work after a restart. CRASH_AT names one point;
 * config refuses it in production. The points stand where money or tokens are in flight.
 */
export type CrashPoint =
  | 'purchase.step.sent'
  | 'withdrawal.sent'
  | 'mint.sent'
  | 'supply.sent'
  | 'deposit.credited'
  | 'event.committed'
  | 'payout.sent';

let armed: string | undefined;
let remaining = 1;

/** CRASH_AT=point or point:N (die at the Nth time the point is reached). */
export function armCrashPoint(spec: string | undefined) {
  if (!spec) return;
  const [point, count] = spec.split(':');
  armed = point;
  remaining = Number(count ?? 1) || 1;
}

export function crashPoint(point: CrashPoint) {
  if (armed !== point) return;
  remaining -= 1;
  if (remaining > 0) return;
  process.stderr.write(`crash point ${point}: killing the process\n`);
  process.kill(process.pid, 'SIGKILL');
}
