import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../lib/paths';
import { DEV_CHAIN_ID, jsonRpc, startDevChain } from './dev-chain';

/** The embedded development chain: Hardhat's node as a child process. */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pid: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('the development chain', () => {
  it('starts on a free loopback port, mines blocks on an interval, and stops', async () => {
    const chain = await startDevChain({ blockIntervalMs: 200 });
    try {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(chain.chainId).toBe(DEV_CHAIN_ID);
      expect(Number(await chain.rpc<string>('eth_chainId'))).toBe(31337);
      const first = Number(await chain.rpc<string>('eth_blockNumber'));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(Number(await chain.rpc<string>('eth_blockNumber'))).toBeGreaterThan(first);
    } finally {
      await chain.close();
    }
    expect(alive(chain.pid)).toBe(false);
    await expect(jsonRpc(chain.rpcUrl, 'eth_chainId', [], 2000)).rejects.toThrow();
    await chain.close(); // idempotent
  }, 120_000);

  it('uses the port it is given (CHAIN_DEV_PORT) and says so when it cannot', async () => {
    const port = await freePort();
    const chain = await startDevChain({ port, blockIntervalMs: 0 });
    try {
      expect(chain.port).toBe(port);
      expect(chain.rpcUrl).toBe(`http://127.0.0.1:${port}`);
      await expect(startDevChain({ port })).rejects.toThrow(/exited before it was ready/);
    } finally {
      await chain.close();
    }
  }, 120_000);

  it('does not outlive a parent that dies without cleaning up', async () => {
    const devChainModule = path.join(findRepoRoot(), 'apps/api/src/chain/dev-chain.ts');
    const script = `
      const { startDevChain } = await import(${JSON.stringify(devChainModule)});
      const chain = await startDevChain({ blockIntervalMs: 0 });
      console.log(JSON.stringify({ pid: chain.pid }));
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: findRepoRoot(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const childPid = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /\{"pid":(\d+)\}/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        parent.once('exit', (code) => reject(new Error(`parent exited early (${code}): ${out}`)));
      });
      expect(alive(childPid)).toBe(true);
      parent.kill('SIGKILL');
      expect(await gone(childPid)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  }, 120_000);
});
