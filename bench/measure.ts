/**
 * How the read-path benchmarks load a server: an autocannon in a process of its own
 * (autocannon-child.ts), so its work never sits on the server's event loop and a bare route and the
 * app are loaded the same way; the machine's cores and load with every figure, since other work on
 * it moves them.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * CPU time of this process (where the measured servers run) per answered request, in µs: unlike
   * req/s it hardly moves when other work loads the machine, as long as the server is the only thing
   * loaded in this process.
   */
  cpuUs: number;
}

export interface LoadOptions {
  connections: number;
  duration: number;
  overallRate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Request bodies taken in turn (JSON). */
  bodies?: string[];
  /** Paths taken in turn (several routes in one load). */
  paths?: string[];
}

const child = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));

export async function measure(url: string, options: LoadOptions): Promise<Measured> {
  const cpu = process.cpuUsage();
  const proc = spawn(process.execPath, ['--import', 'tsx', child, JSON.stringify({ url, ...options })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  const used = process.cpuUsage(cpu);
  if (code !== 0) throw new Error(`autocannon for ${url} exited with ${code}`);
  const result = JSON.parse(out) as autocannon.Result;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuUs: (used.user + used.system) / Math.max(1, result.requests.total),
  };
}

/** "2 cores, load 3.10 1.59 0.69": the machine as it is now. */
export function machine(): string {
  return `${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

export function row(name: string, m: Measured, extra = ''): string {
  return `${name.padEnd(44)} ${m.rps.toFixed(1).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   ${m.cpuUs.toFixed(0).padStart(5)} µs CPU/req   errors ${m.errors}${extra}`;
}
