import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findRepoRoot } from '../lib/paths';

/** The logger calls the chain layer makes (pino's and Fastify's loggers fit). */
export interface ChainLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export const DEV_CHAIN_ID = 31337;

export interface DevChainOptions {
  /** TCP port on 127.0.0.1; 0 or undefined picks a free one. */
  port?: number;
  /** Mines a block this often even without transactions, so confirmations advance; 0 = only on transactions. */
  blockIntervalMs?: number;
  /** How long to wait for the node to answer (default 60 s). */
  startTimeoutMs?: number;
  logger?: ChainLogger;
}

export interface DevChain {
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  /** The node's process id. */
  readonly pid: number;
  /** A raw JSON-RPC call (hardhat_setBalance, hardhat_mine, evm_setIntervalMining, ...). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Stops the node (idempotent). Its state is gone: the next start is a fresh chain. */
  close(): Promise<void>;
}

const READY_LINE = /Started HTTP and WebSocket JSON-RPC server at (http:\/\/[^\s/]+)\//;

let rpcId = 0;

/** One JSON-RPC call over HTTP; throws the node's error message. */
export async function jsonRpc<T>(url: string, method: string, params: unknown[] = [], timeoutMs = 30_000): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Where the Hardhat config and its launcher live (works from the sources and from apps/api/dist). */
function contractsDir(): string {
  return path.join(findRepoRoot(), 'packages', 'contracts');
}

/**
 * Starts Hardhat 2's node (an in-memory EVM, chain id 31337) as a child process on 127.0.0.1 and
 * waits until it answers eth_chainId. Transactions are mined at once (automine) and, with
 * blockIntervalMs, empty blocks keep coming so confirmations advance. The child exits when close()
 * is called, when this process exits, and when this process dies without a word (its stdin closes).
 */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const cwd = contractsDir();
  const requireFromContracts = createRequire(path.join(cwd, 'package.json'));
  const hardhatCli = requireFromContracts.resolve('hardhat/internal/cli/bootstrap.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
    DO_NOT_TRACK: '1',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  // Loaders and inspector flags meant for this process (tsx, vitest, --inspect) are not the child's.
  delete env.NODE_OPTIONS;

  const child = spawn(
    process.execPath,
    [
      '--require',
      path.join(cwd, 'scripts', 'exit-with-parent.cjs'),
      hardhatCli,
      '--config',
      path.join(cwd, 'hardhat.config.cjs'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(options.port ?? 0),
    ],
    { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  // The node's output is drained for as long as it runs (a full pipe would block it). It prints
  // its well-known test accounts' keys, so nothing of it is logged; the tail explains a failed start.
  const tail: string[] = [];
  const remember = (line: string) => {
    tail.push(line.slice(0, 500));
    if (tail.length > 30) tail.shift();
  };
  const ready = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const match = READY_LINE.exec(line);
        if (match) resolve(match[1]!);
        else if (!/Private Key|Account #/.test(line)) remember(line);
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) remember(line);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      reject(
        new Error(
          `The development chain exited before it was ready (${signal ?? `code ${code}`}):\n${tail.join('\n')}`,
        ),
      );
    });
  });
  // A closed pipe on our side surfaces as EPIPE on the child's stdin: nothing to do.
  child.stdin!.on('error', () => {});

  let closed = false;
  const close = async () => {
    if (closed) return exited;
    closed = true;
    process.off('exit', killOnExit);
    child.stdin!.end();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    let timer: NodeJS.Timeout | undefined;
    const rpcUrl = await Promise.race([
      ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The development chain did not start within ${timeoutMs} ms:\n${tail.join('\n')}`)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));

    const chainId = Number(await jsonRpc<string>(rpcUrl, 'eth_chainId'));
    if (chainId !== DEV_CHAIN_ID)
      throw new Error(`The development chain answered chain id ${chainId}, not ${DEV_CHAIN_ID}`);
    // Automine stays on (a transaction is mined as it arrives); the interval adds empty blocks.
    await jsonRpc(rpcUrl, 'evm_setIntervalMining', [options.blockIntervalMs ?? 1000]);
    // `hardhat node` prints every request; nobody reads it, so spare the work.
    await jsonRpc(rpcUrl, 'hardhat_setLoggingEnabled', [false]);
    const port = Number(new URL(rpcUrl).port);
    options.logger?.info({ rpcUrl, chainId, pid: child.pid }, 'development chain started');
    return {
      rpcUrl,
      port,
      chainId,
      pid: child.pid!,
      rpc: <T>(method: string, params?: unknown[]) => jsonRpc<T>(rpcUrl, method, params),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
